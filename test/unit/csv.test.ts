import { describe, expect, it } from 'vitest';
import { csvField } from '../../src/core/export/csv.js';

describe('csvField formula guard', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1+2', "'-1+2"],
    ['-12.50', "'-12.50"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['\n=1', `"'\n=1"`],
    ['\nplain', `"'\nplain"`],
    [' =1+1', "' =1+1"],
    ['   @x', "'   @x"],
    ['\u00a0=1', "'\u00a0=1"],
    ['\u3000+1', "'\u3000+1"],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['\uFF0B1', "'\uFF0B1"],
    ['\uFF0D1', "'\uFF0D1"],
    ['\uFF20SUM(A1)', "'\uFF20SUM(A1)"],
    [' \uFF1DHYPERLINK("x")', `"' \uFF1DHYPERLINK(""x"")"`],
  ])('guards %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it.each([
    ['plain', 'plain'],
    [' leading space', ' leading space'],
    ['a=b', 'a=b'],
    ['100.00', '100.00'],
    ['0.5', '0.5'],
    ['inv, "q"', '"inv, ""q"""'],
    ['', ''],
  ])('leaves %j as text', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('writes numbers, booleans and absent values unchanged', () => {
    expect(csvField(12)).toBe('12');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });
});
