import type { Deps } from '../../context.js';
import { holderPost } from './holder-post.js';
import { receiveDocument } from './receive-document.js';

/** The holder uploads one file through the verification link. */
export async function uploadHolderDocument(
  deps: Deps,
  input: { token: string; nonce: unknown; kind: unknown; fileName: string; content: AsyncIterable<Uint8Array> },
) {
  const { ctx, accountId } = await holderPost(deps, input.token, input.nonce);
  return receiveDocument(ctx, { accountId, kind: input.kind, fileName: input.fileName, content: input.content });
}
