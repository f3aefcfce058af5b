/** The list envelope of every list operation: the page's items with `page`, `limit` and the exact `total`. */
export interface Page<T> {
  data: T[];
  page: number;
  limit: number;
  total: number;
}

export interface PageRequest {
  page: number;
  limit: number;
}

export function skipTake({ page, limit }: PageRequest): { skip: number; take: number } {
  return { skip: (page - 1) * limit, take: limit };
}
