import { categoryTabColorDefaults } from '@linkhive/shared/domain';
import { api } from '../../api';
import { useSession } from '../../session/store';

/** The saved tab colour (null: the page's default) and a save function that keeps the session in step. */
export function useTabColor(page: keyof typeof categoryTabColorDefaults) {
  const saved = useSession((s) => s.me?.profile.settings.categoryTabColor ?? null);
  const refresh = useSession((s) => s.refresh);
  return {
    saved,
    color: saved ?? categoryTabColorDefaults[page],
    defaultColor: categoryTabColorDefaults[page],
    async save(color: string) {
      await api.profile.update({ settings: { categoryTabColor: color } });
      await refresh();
    },
  };
}
