import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { AJV_OPTIONS, displayTextFormat } from './contract-ajv.js';
import { contractSha256, contractText } from './contract-document.js';
import { DISPLAY_TEXT_FORMAT } from './display-text.js';

const require = createRequire(import.meta.url);

/**
 * The contract's validators compiled by `npm run build:app` (scripts/contract-validators.ts, Ajv's
 * standalone code): compiling them took about a second of CPU at every start of a process that
 * serves or validates (each spawned `fas serve`, each test worker); loading the compiled code takes
 * milliseconds. Used only under the key it was compiled for, so an edited contract, other Ajv
 * options or another Ajv never run old code (the validators are compiled at run time instead).
 */
export const compiledValidatorsPath = fileURLToPath(new URL('../../../dist/contract-validators.cjs', import.meta.url));

/** What the compiled module exports. */
export interface CompiledModule {
  key: string;
  /** The validators by export name (`bodyKey`, `queryKey`), given the formats they check. */
  load(formats: Record<string, unknown>): Record<string, ValidateFunction>;
}

/** The formats the compiled code looks up by name: ajv-formats' full set and the contract's own. */
function formats(): Record<string, unknown> {
  const { fullFormats } = require('ajv-formats/dist/formats') as { fullFormats: Record<string, unknown> };
  return { ...fullFormats, [DISPLAY_TEXT_FORMAT]: displayTextFormat };
}

/** Everything compiled code depends on besides its own text: the contract, Ajv, its options, the formats known. */
export function validatorsKey(): string {
  const ajvVersion = (require('ajv/package.json') as { version: string }).version;
  return createHash('sha256')
    .update(
      JSON.stringify({
        contract: contractSha256(contractText()),
        ajv: ajvVersion,
        options: AJV_OPTIONS,
        formats: Object.keys(formats()).sort(),
      }),
    )
    .digest('hex');
}

/** The validators of the compiled module at `path` when it was compiled under `key`, else undefined. */
export function loadCompiled(path: string, key: string): Record<string, ValidateFunction> | undefined {
  if (!existsSync(path)) return undefined;
  const compiled = require(path) as CompiledModule;
  return compiled.key === key ? compiled.load(formats()) : undefined;
}

let loaded: Record<string, ValidateFunction> | null | undefined;

/** The build's validators by export name, or undefined when there are none for this contract. */
export function compiledValidators(): Record<string, ValidateFunction> | undefined {
  if (loaded === undefined) loaded = loadCompiled(compiledValidatorsPath, validatorsKey()) ?? null;
  return loaded ?? undefined;
}
