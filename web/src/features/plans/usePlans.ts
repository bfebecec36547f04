import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';

export const planKeys = {
  list: ['plans'] as const,
};

/** The plans, asked of the server once a visit and shared by every pricing table on screen. */
export function usePlans() {
  return useQuery({
    queryKey: planKeys.list,
    queryFn: async () => (await api.plans.list()).items,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
