import type { Deps } from '../../context.js';
import { AppError } from '../../errors.js';
import { spendHolderLink } from './holder-link.js';
import { pageNonceValid } from './page-nonce.js';
import { receiveDocument } from './receive-document.js';
import { signVerification } from './sign-verification.js';

/** A form post from the link's page: the link must be usable and the page's nonce its own. */
async function holderPost(deps: Deps, token: string, nonce: unknown) {
  const link = await spendHolderLink(deps, token);
  if (!pageNonceValid(deps, link.tokenHash, nonce)) {
    throw new AppError('FORBIDDEN', 'This form is out of date or did not come from this page. Please reload the page and try again.');
  }
  return link;
}

/** The holder uploads one file through the verification link. */
export async function uploadHolderDocument(
  deps: Deps,
  input: { token: string; nonce: unknown; kind: unknown; fileName: string; content: AsyncIterable<Uint8Array> },
) {
  const { ctx, accountId } = await holderPost(deps, input.token, input.nonce);
  return receiveDocument(ctx, { accountId, kind: input.kind, fileName: input.fileName, content: input.content });
}

/** The holder accepts the terms and signs through the verification link. */
export async function signHolderVerification(
  deps: Deps,
  input: { token: string; nonce: unknown; fullName: unknown; acceptTerms: unknown },
) {
  const { ctx, accountId } = await holderPost(deps, input.token, input.nonce);
  return signVerification(ctx, { accountId, fullName: input.fullName, acceptTerms: input.acceptTerms });
}
