import type { Deps } from '../../context.js';
import { holderPost } from './holder-post.js';
import { signVerification } from './sign-verification.js';

/** The holder accepts the terms and signs through the verification link. */
export async function signHolderVerification(
  deps: Deps,
  input: { token: string; nonce: unknown; fullName: unknown; acceptTerms: unknown },
) {
  const { ctx, accountId } = await holderPost(deps, input.token, input.nonce);
  return signVerification(ctx, { accountId, fullName: input.fullName, acceptTerms: input.acceptTerms });
}
