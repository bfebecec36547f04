import { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { groupLinkDailyBudget, groupMessages as m, groupRules } from '@linkhive/shared/domain';
import { contract } from '@linkhive/shared/contract';
import { route } from '../../http/contract-route.js';
import { notFound } from '../../http/errors.js';
import type { RateLimits } from '../../http/rate-limit.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { GroupService } from './service.js';

/** Workspace groups, members, invitations and links; every call needs a signed-in user. */
export function groupRoutes(groups: GroupService, limits: RateLimits): Router {
  const r = Router();
  // Each invitation is a mail to someone's inbox: one count per owner, over all their groups.
  const invites = limits.perAccount({
    name: 'group-invite',
    limit: groupRules.invitesPerHour,
    windowMs: 60 * 60_000,
    message: m.tooManyInvites,
  });
  // Create & Invite sends a mail too, and counts with the invitations.
  const invitesWhenMailing: RequestHandler = (req, res, next) => (req.body?.email ? invites(req, res, next) : next());
  // Adding links is a write every member's page hears of: one daily count per account, all groups.
  const linkAdds = limits.perAccount({
    name: 'group-link-add',
    limit: groupLinkDailyBudget.perAccount,
    windowMs: groupLinkDailyBudget.windowMs,
    message: m.tooManyLinks,
  });
  const g = contract.groups;

  route(r, g.list, requireUser, (_input, req) => groups.list(currentUser(req)));
  route(r, g.create, requireUser, invitesWhenMailing, ({ body }, req) => groups.create(currentUser(req), body));
  route(r, g.rename, requireUser, ({ params, body }, req) => groups.rename(currentUser(req), params.id, body));
  route(r, g.remove, requireUser, ({ params }, req) => groups.remove(currentUser(req), params.id));
  route(r, g.invite, requireUser, invites, ({ params, body }, req) => groups.invite(currentUser(req), params.id, body));
  route(r, g.accept, requireUser, ({ body }, req) => groups.accept(currentUser(req), body));
  route(r, g.members, requireUser, ({ params }, req) => groups.members(currentUser(req), params.id));
  route(r, g.removeMember, requireUser, ({ params }, req) =>
    groups.removeMember(currentUser(req), params.id, params.memberId),
  );
  route(r, g.leave, requireUser, ({ params }, req) => groups.leave(currentUser(req), params.id));
  route(r, g.links, requireUser, ({ params, query }, req) => groups.links(currentUser(req), params.id, query));
  route(r, g.addLink, requireUser, linkAdds, ({ params, body }, req) =>
    groups.addLink(currentUser(req), params.id, body),
  );
  route(r, g.updateLink, requireUser, ({ params, body }, req) =>
    groups.updateLink(currentUser(req), params.id, params.linkId, body),
  );
  route(r, g.deleteLink, requireUser, ({ params }, req) =>
    groups.deleteLink(currentUser(req), params.id, params.linkId),
  );
  route(r, g.trash, requireUser, ({ params, query }, req) =>
    groups.trash(currentUser(req), params.id, query.page, query.pageSize),
  );
  route(r, g.restoreLinks, requireUser, ({ params, body }, req) =>
    groups.restoreLinks(currentUser(req), params.id, body.ids),
  );
  route(r, g.moveLink, requireUser, ({ params, body }, req) =>
    groups.moveLink(currentUser(req), params.id, params.linkId, body),
  );

  // An id with a broken escape ('%E0%A4%A') names no group, like any other unknown id.
  r.use('/groups', ((err, _req, _res, next) => {
    next(err instanceof URIError ? notFound(m.groupNotFound) : err);
  }) as ErrorRequestHandler);

  return r;
}
