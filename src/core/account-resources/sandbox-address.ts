import { createHash } from 'node:crypto';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A sandbox deposit address in the network's format, derived from the wallet id. */
export function sandboxAddress(network: string, seed: string): string {
  const bytes = createHash('sha256').update(seed).digest();
  const b58 = (n: number) => Array.from({ length: n }, (_, i) => BASE58[(bytes[i % 32] ?? 0) % 58]).join('');
  switch (network) {
    case 'bitcoin':
      return `bc1q${bytes
        .toString('hex')
        .replace(/[1bio]/g, 'q')
        .slice(0, 38)}`;
    case 'solana':
      return b58(44);
    case 'tron':
      return `T${b58(33)}`;
    default:
      return `0x${bytes.toString('hex').slice(0, 40)}`;
  }
}
