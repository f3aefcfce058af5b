import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../trpc.js';

/** One webhook delivery with its attempts and payload, and the redeliver action. */
export function useDelivery(deliveryId: string) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const query = useQuery(trpc.webhookDeliveries.get.queryOptions({ deliveryId }));
  const redeliver = useMutation(trpc.webhookDeliveries.redeliver.mutationOptions({ onSuccess: () => qc.invalidateQueries() }));
  return { query, redeliver };
}
