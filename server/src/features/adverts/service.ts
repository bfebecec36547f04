import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  advertMessages as m,
  advertSlug,
  descriptionLength,
  domainOf,
  isDescriptionLengthValid,
  normaliseLink,
  preview,
  type Advert,
  type createAdvertSchema,
  type PendingAdvert,
  type updateAdvertSchema,
} from '@linkhive/shared/domain';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import { sanitizeRichText } from '../../content/rich-text.js';
import { reencodePng } from '../../content/images.js';
import type { FileStore } from '../../integrations/files/index.js';
import type { ThreatChecker } from '../../integrations/threats/index.js';
import type { PermissionService } from '../permissions/service.js';
import type { AdvertRepository, AdvertRow } from './repository.js';
import type { AdvertMails } from './mails.js';
import type { ThreatCheckJobs } from './threat-check.js';

type CreateInput = z.output<typeof createAdvertSchema>;
type UpdateInput = z.output<typeof updateAdvertSchema>;
interface User {
  id: string;
  email: string;
  name: string;
}

export function toAdvert(row: AdvertRow): Advert {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    category: row.category,
    link: row.link,
    domain: row.domain,
    description: row.description,
    summary: preview(row.description_text),
    logo: row.logo,
    background: row.background,
    status: !!row.status,
    approvedDate: row.approved_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The sanitised copy and its plain text; the rule counts the text of what will be stored. */
function cleanDescription(html: string) {
  const clean = sanitizeRichText(html);
  if (!isDescriptionLengthValid(descriptionLength(clean.text))) throw badRequest(m.descriptionLength, 'description');
  return clean;
}

export interface AdvertServiceDeps {
  repo: AdvertRepository;
  permissions: PermissionService;
  files: FileStore;
  threats: ThreatChecker;
  checks: ThreatCheckJobs;
  mails: AdvertMails;
}

export function advertService(deps: AdvertServiceDeps) {
  const { repo, permissions, files, threats, checks, mails } = deps;
  const firstThreatStatus = () => (threats.enabled ? 'pending' : 'not_checked');

  async function own(user: User, id: string): Promise<AdvertRow> {
    const row = await repo.find(id);
    // Someone else's advert does not exist as far as this user can tell.
    if (!row || row.user_id !== user.id) throw notFound(m.notFound);
    return row;
  }

  /** Why a conditional approval wrote nothing, read after the fact. */
  async function notApproved(id: string, checkedLink: string): Promise<AppError> {
    const now = await repo.find(id);
    if (!now) return notFound(m.notFound);
    if (now.status) return conflict(m.notPending, undefined, 'not_pending');
    if (now.link !== checkedLink) return conflict(m.linkChanged, undefined, 'link_changed');
    if (now.threat_status === 'flagged') return conflict(m.flagged, undefined, 'flagged');
    return conflict(m.notPending, undefined, 'not_pending');
  }

  return {
    async list(q: string | undefined): Promise<Advert[]> {
      return (await repo.approved(q?.trim() || undefined, 50)).map(toAdvert);
    },

    async mine(user: User): Promise<Advert | null> {
      const row = await repo.findByUser(user.id);
      return row ? toAdvert(row) : null;
    },

    async create(user: User, input: CreateInput): Promise<Advert> {
      const slug = advertSlug(input.title);
      const description = cleanDescription(input.description);
      if (await repo.findByUser(user.id)) throw conflict(m.oneAdvert, undefined, 'one_advert');
      if (await repo.slugTaken(slug)) throw conflict(m.slugTaken, 'title', 'slug_taken');
      // The submit's check comes out of the same hourly budget as new addresses.
      if (threats.enabled) await checks.spend(user.id);
      const now = new Date().toISOString();
      const row: AdvertRow = {
        id: randomUUID(),
        user_id: user.id,
        slug,
        title: input.title,
        category: input.category,
        link: input.link,
        domain: domainOf(input.link),
        description: description.html,
        description_text: description.text,
        logo: null,
        background: null,
        status: 0,
        approved_at: null,
        threat_status: firstThreatStatus(),
        threat_types: '[]',
        threat_checked_at: null,
        created_at: now,
        updated_at: now,
      };
      try {
        await repo.insert(row);
      } catch (e) {
        // Two submits at once: the unique indexes let one through and say which rule the other broke.
        if (!isUniqueViolation(e)) throw e;
        if (await repo.findByUser(user.id)) throw conflict(m.oneAdvert, undefined, 'one_advert');
        throw conflict(m.slugTaken, 'title', 'slug_taken');
      }
      await permissions.revoke(user.id, 'advertiser');
      if (threats.enabled) await checks.queue(row.id, row.link);
      await mails.submitted(user, row);
      return toAdvert(row);
    },

    /**
     * Everything but the slug. Text, category and images stay live on an approved page; a new
     * website address goes back to pending, to be checked and approved again, so an approved page
     * cannot be pointed at a different site afterwards.
     */
    async update(user: User, id: string, input: UpdateInput): Promise<Advert> {
      const row = await own(user, id);
      const now = new Date().toISOString();
      const changes: Partial<AdvertRow> = { updated_at: now };
      if (input.title !== undefined) changes.title = input.title;
      if (input.category !== undefined) changes.category = input.category;
      if (input.description !== undefined) {
        const clean = cleanDescription(input.description);
        changes.description = clean.html;
        changes.description_text = clean.text;
      }
      // The same address in another spelling keeps the stored one, whose check stands: only a real
      // change of site costs a check (and a pending job for the old spelling still matches).
      const linkChanged = input.link !== undefined && normaliseLink(input.link) !== normaliseLink(row.link);
      if (linkChanged) {
        // Before any write: past the budget the whole edit is refused and nothing changes.
        if (threats.enabled) await checks.spend(user.id);
        Object.assign(changes, {
          link: input.link,
          domain: domainOf(input.link!),
          status: 0,
          approved_at: null,
          threat_status: firstThreatStatus(),
          threat_types: '[]',
          threat_checked_at: null,
        });
      }
      const updated = await repo.updateOwn(user.id, id, changes);
      if (!updated) throw notFound(m.notFound);
      if (linkChanged && threats.enabled) await checks.queue(updated.id, updated.link);
      return toAdvert(updated);
    },

    async setImage(user: User, id: string, kind: 'logo' | 'background', data: Buffer): Promise<Advert> {
      const row = await own(user, id);
      // Re-encoded (content/images.ts): what is stored and served is a PNG we wrote, never the upload.
      const stored = await files.put('adverts', randomImageName(), await reencodePng(data, kind));
      const updated = await repo.updateOwn(user.id, id, { [kind]: stored, updated_at: new Date().toISOString() });
      if (!updated) {
        await files.remove(stored);
        throw notFound(m.notFound);
      }
      if (row[kind] && row[kind] !== stored) await files.remove(row[kind]);
      return toAdvert(updated);
    },

    async pending(): Promise<PendingAdvert[]> {
      return (await repo.pending()).map((row) => ({
        ...toAdvert(row),
        owner: { id: row.user_id, email: row.owner_email, name: row.owner_name },
        threat: {
          status: row.threat_status,
          types: JSON.parse(row.threat_types) as string[],
          checkedAt: row.threat_checked_at,
        },
      }));
    },

    /**
     * Checks the address once more, then approves; a flagged or uncheckable address is refused, and
     * so is one the owner changed while the check ran (the write tests that the checked link is
     * still the stored one): the new address waits for its own check and a new approval.
     */
    async approve(id: string): Promise<Advert> {
      const row = await repo.find(id);
      if (!row) throw notFound(m.notFound);
      if (row.status) throw conflict(m.notPending, undefined, 'not_pending');
      if (row.threat_status === 'flagged') throw conflict(m.flagged, undefined, 'flagged');
      if (threats.enabled) {
        const result = await checks.checkNow(row);
        if (result === 'failed') throw new AppError(503, 'threat_check_failed', m.checkFailed);
        if (result === 'flagged') throw conflict(m.flagged, undefined, 'flagged');
      }
      const approved = await repo.approve(id, row.link, new Date().toISOString());
      if (!approved) throw await notApproved(id, row.link);
      await permissions.grant(approved.user_id, 'advertiser', 'admin');
      await mails.decided(approved, true);
      return toAdvert(approved);
    },

    async reject(id: string): Promise<void> {
      const row = await repo.find(id);
      if (!row) throw notFound(m.notFound);
      const removed = await repo.removePending(id);
      if (!removed) throw conflict(m.notPending, undefined, 'not_pending');
      await Promise.all([files.remove(removed.logo), files.remove(removed.background)]);
      await permissions.revoke(removed.user_id, 'advertiser');
      await mails.decided(removed, false);
    },
  };
}

export type AdvertService = ReturnType<typeof advertService>;

const randomImageName = () => `${randomBytes(16).toString('hex')}.png`;
