import { authContract } from './auth.js';
import { bookmarksContract } from './bookmarks.js';
import type { EndpointDefinition } from './endpoint.js';
import { healthContract } from './health.js';
import { exportContract, importContract } from './import.js';
import { pagesContract } from './pages.js';
import { docsContract } from './docs.js';
import { feedsContract } from './feeds.js';
import { recommendationsContract } from './recommendations.js';
import { faviconsContract } from './favicons.js';
import { extensionContract } from './extension.js';
import { plansContract } from './plans.js';
import { profileContract } from './profile.js';
import { advertsContract } from './adverts.js';
import { adminContract } from './admin.js';
import { promoContract } from './promo.js';
import { groupsContract } from './groups.js';
import { billingContract } from './billing.js';
import { copiesContract } from './copies.js';
import { linkHealthContract } from './link-health.js';
import { trashContract } from './trash.js';
import { duplicatesContract } from './duplicates.js';
import { tokensContract } from './tokens.js';

export * from './endpoint.js';
export { meSchema } from './auth.js';
export { openApiDocument } from './openapi.js';
export { apiVersion } from './docs.js';
export { fakeAnswerOffContract, fakeAnswersOffContract, noteFakeAnswer } from './fake-check.js';

/** Every endpoint of the API, by feature: what the server binds, the clients call and OpenAPI shows. */
export const contract = {
  health: healthContract,
  auth: authContract,
  bookmarks: bookmarksContract,
  copies: copiesContract,
  linkHealth: linkHealthContract,
  trash: trashContract,
  duplicates: duplicatesContract,
  tokens: tokensContract,
  pages: pagesContract,
  import: importContract,
  export: exportContract,
  feeds: feedsContract,
  recommendations: recommendationsContract,
  favicons: faviconsContract,
  extension: extensionContract,
  plans: plansContract,
  profile: profileContract,
  adverts: advertsContract,
  admin: adminContract,
  promo: promoContract,
  groups: groupsContract,
  billing: billingContract,
  docs: docsContract,
};

/** The contract's endpoints in one list, in the order the document shows them. */
export const allEndpoints: EndpointDefinition[] = Object.values(contract).flatMap((feature) =>
  Object.values(feature as Record<string, EndpointDefinition>),
);
