import { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import { groupLinkDailyBudget, groupMessages as m, groupRules } from '@linkhive/shared/domain';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { accountRateLimit } from '../../http/rate-limit.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { GroupService } from './service.js';

/** Workspace groups, members, invitations and links; every call needs a signed-in user. */
export function groupRoutes(groups: GroupService, db: Kysely<Database>): Router {
  const r = Router();
  // Each invitation is a mail to someone's inbox: one count per owner, over all their groups.
  const invites = accountRateLimit(db, {
    name: 'group-invite',
    limit: groupRules.invitesPerHour,
    windowMs: 60 * 60_000,
    message: m.tooManyInvites,
  });
  // Create & Invite sends a mail too, and counts with the invitations.
  const invitesWhenMailing: RequestHandler = (req, res, next) => (req.body?.email ? invites(req, res, next) : next());
  // Adding links is a write every member's page hears of: one daily count per account, all groups.
  const linkAdds = accountRateLimit(db, {
    name: 'group-link-add',
    limit: groupLinkDailyBudget.perAccount,
    windowMs: groupLinkDailyBudget.windowMs,
    message: m.tooManyLinks,
  });
  const id = (p: unknown) => String(p);

  r.get('/groups', requireUser, async (req, res) => {
    res.json(await groups.list(currentUser(req)));
  });

  r.post('/groups', requireUser, invitesWhenMailing, async (req, res) => {
    res.status(201).json(await groups.create(currentUser(req), req.body));
  });

  r.patch('/groups/:id', requireUser, async (req, res) => {
    res.json(await groups.rename(currentUser(req), id(req.params.id), req.body));
  });

  r.delete('/groups/:id', requireUser, async (req, res) => {
    res.json(await groups.remove(currentUser(req), id(req.params.id)));
  });

  r.post('/groups/:id/invites', requireUser, invites, async (req, res) => {
    res.status(201).json(await groups.invite(currentUser(req), id(req.params.id), req.body));
  });

  r.post('/invites/accept', requireUser, async (req, res) => {
    res.json(await groups.accept(currentUser(req), req.body));
  });

  r.get('/groups/:id/members', requireUser, async (req, res) => {
    res.json(await groups.members(currentUser(req), id(req.params.id)));
  });

  r.delete('/groups/:id/members/:memberId', requireUser, async (req, res) => {
    res.json(await groups.removeMember(currentUser(req), id(req.params.id), id(req.params.memberId)));
  });

  r.post('/groups/:id/leave', requireUser, async (req, res) => {
    res.json(await groups.leave(currentUser(req), id(req.params.id)));
  });

  r.get('/groups/:id/links', requireUser, async (req, res) => {
    res.json(await groups.links(currentUser(req), id(req.params.id), req.query));
  });

  r.post('/groups/:id/links', requireUser, linkAdds, async (req, res) => {
    res.status(201).json(await groups.addLink(currentUser(req), id(req.params.id), req.body));
  });

  r.patch('/groups/:id/links/:linkId', requireUser, async (req, res) => {
    res.json(await groups.updateLink(currentUser(req), id(req.params.id), id(req.params.linkId), req.body));
  });

  r.delete('/groups/:id/links/:linkId', requireUser, async (req, res) => {
    res.json(await groups.deleteLink(currentUser(req), id(req.params.id), id(req.params.linkId)));
  });

  r.post('/groups/:id/links/:linkId/move', requireUser, async (req, res) => {
    res.json(await groups.moveLink(currentUser(req), id(req.params.id), id(req.params.linkId), req.body));
  });

  // An id with a broken escape ('%E0%A4%A') names no group, like any other unknown id.
  r.use('/groups', ((err, _req, _res, next) => {
    next(err instanceof URIError ? notFound(m.groupNotFound) : err);
  }) as ErrorRequestHandler);

  return r;
}
