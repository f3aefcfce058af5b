import type { Deps } from '../../context.js';
import { AppError } from '../../errors.js';
import { spendHolderLink } from './holder-link.js';
import { pageNonceValid } from './page-nonce.js';

/** A form post from the link's page: the link must be usable and the page's nonce its own. */
export async function holderPost(deps: Deps, token: string, nonce: unknown) {
  const link = await spendHolderLink(deps, token);
  if (!pageNonceValid(deps, link.tokenHash, nonce)) {
    throw new AppError('FORBIDDEN', 'This form is out of date or did not come from this page. Please reload the page and try again.');
  }
  return link;
}
