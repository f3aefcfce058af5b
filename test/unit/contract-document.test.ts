import { describe, expect, it } from 'vitest';
import { contractDocument, contractText, parseContract } from '../../src/core/validation/contract-document.js';

describe('the contract document', () => {
  it('is openapi.yaml as parsed now, whether read from the build’s parsed copy or parsed again', () => {
    expect(contractDocument()).toEqual(parseContract(contractText()));
  });
});
