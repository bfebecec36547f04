import { createApiClient } from '@linkhive/shared/api';

/** The one client of the web app: same origin, authenticated by the session cookie. */
export const api = createApiClient();
