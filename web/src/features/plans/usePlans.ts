import type { Plan } from '@linkhive/shared/domain';
import { create } from 'zustand';
import { api } from '../../api';

interface PlansState {
  plans: Plan[] | null;
  error: string | null;
  loading: boolean;
  load: () => Promise<void>;
}

/** The plans, asked of the server once a visit and shared by every pricing table on screen. */
export const usePlansStore = create<PlansState>((set, get) => ({
  plans: null,
  error: null,
  loading: false,
  load: async () => {
    if (get().loading || get().plans) return;
    set({ loading: true, error: null });
    try {
      const { items } = await api.plans.list();
      set({ plans: items, loading: false });
    } catch (err) {
      set({ error: err instanceof Error ? err.message : String(err), loading: false });
    }
  },
}));

export function forgetPlans() {
  usePlansStore.setState({ plans: null, error: null, loading: false });
}
