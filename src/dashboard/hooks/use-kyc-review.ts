import { useQuery } from '@tanstack/react-query';
import { errorInfo } from '../errors.js';
import { useCanWrite } from '../session.js';
import { useTRPC } from '../trpc.js';

const notFound = (q: { error: unknown }) => Boolean(q.error) && errorInfo(q.error).code === 'NOT_FOUND';

/**
 * The KYC review's data: the saved verification (an individual's or a business's), its link, the
 * holder's documents and, for admins, the signature. Nothing saved yet reads as `none`.
 */
export function useKycReview(accountId: string, business: boolean | undefined) {
  const trpc = useTRPC();
  const canRead = useCanWrite();
  const individual = useQuery(trpc.kyc.getBankingVerification.queryOptions({ accountId }, { retry: false, enabled: business === false }));
  const company = useQuery(trpc.kyc.getBusinessVerification.queryOptions({ accountId }, { retry: false, enabled: business === true }));
  const saved = business ? company : individual;
  const link = useQuery(trpc.kyc.verificationLink.queryOptions({ accountId }, { retry: false }));
  const docs = useQuery(trpc.kyc.documents.list.queryOptions({ accountId }, { retry: false }));
  const signature = useQuery(trpc.kyc.documents.signature.queryOptions({ accountId }, { retry: false, enabled: canRead }));
  return {
    canRead,
    pending: saved.isPending,
    none: notFound(saved),
    individual: business ? undefined : individual.data,
    company: business ? company.data : undefined,
    link: link.data,
    docs,
    signature: signature.data,
    error: saved.error ?? (notFound(link) ? null : link.error) ?? (notFound(docs) ? null : docs.error),
  };
}
