/**
 * The files for the authorities: a SES.HOSPEDAJES request of an establishment (partes PV, reservas
 * RH), built and checked here for the file download and for the send of modules/ses.
 */
import { AUTHORITY_NAMES } from '@hospes/shared/codes';
import { todayIso } from '@hospes/shared/dates';
import type { SesFileInput } from '@hospes/shared/documents';
import type { ErrorDetail } from '@hospes/shared/errors';
import type { Language } from '@hospes/shared/languages';
import { fullName } from '@hospes/shared/travelers';
import { establishmentTimeZone, reportingAuthority } from '@hospes/shared/provinces';
import { preflightSes, sesProblemText, sesStays } from '@hospes/shared/ses-preflight';
import { preflightA19 } from '@hospes/shared/a19-preflight';
import { AppError } from '../../../lib/app-error';
import { buildA19PartesXml, buildA19ReservasXml } from '../../../lib/a19/a19-xml';
import { buildPartesXml, buildReservasXml, SES_MAX_COMMUNICATIONS } from '../../../lib/ses/ses-xml';
import { toSolicitud } from '../../../lib/ses/solicitud';
import type { Actor } from '../../../plugins/auth';
import type { AuditRepository } from '../../audit';
import { isUuid, scopeOf, type Scope } from '../../../db/scope';
import type { TravelerNumbering } from '../../travelers';
import { toEstablishmentView, toSesTraveler, toTravelerView } from '../traveler-view';
import type { DocumentContext, FileAnswer } from '../file-answer';
import { safeFileName } from '../file-answer';
import type { AuthorityFilesRepository } from './authority-files.repository';

export interface AuthorityFilesServiceDeps {
  authorityFiles: AuthorityFilesRepository;
  numbering: Pick<TravelerNumbering, 'numberIfMissing'>;
  audit: AuditRepository;
  now?: () => Date;
}

/** Which travelers a SES request holds: the chosen ones, or the arrivals of a date range. */
export type SesSelection = Pick<SesFileInput, 'kind' | 'pilgrimIds' | 'from' | 'to'>;

export function createAuthorityFilesService(deps: AuthorityFilesServiceDeps) {
  const { authorityFiles, numbering, audit } = deps;
  const now = deps.now ?? (() => new Date());
  /** Today by an establishment's own clock (decision 028): the Canary Islands keep theirs. */
  const dayOf = (place: { province?: string | null; postalCode?: string | null }) =>
    todayIso(now(), establishmentTimeZone(place));

  /** The establishment, when the scope reaches it; 404 for any other id, malformed ones too. */
  async function establishmentInReach(id: string, scope: Scope) {
    const establishment = isUuid(id) ? await authorityFiles.establishmentInScope(id, scope) : null;
    if (!establishment) throw new AppError('ESTABLISHMENT_NOT_FOUND');
    return establishment;
  }

  /**
   * What a SES.HOSPEDAJES request of an establishment holds (the file download and the send, of
   * modules/ses): its travelers, numbered, checked before the Ministry checks them, and the XML.
   * `skip` names travelers to leave out (already reported) with why (`ses.already<Reason>`); when
   * it leaves nobody, 409 SES_ALREADY_SENT lists them with it.
   */
  async function prepareSes(
    actor: Actor,
    establishmentId: string,
    input: SesSelection,
    context: { lng: Language },
    options: {
      skip?: (pilgrimIds: string[]) => Promise<Map<string, string>>;
      /** The Ertzaintza's A19 request of a Basque establishment instead (decision 056). */
      authority?: 'ses' | 'ertzaintza';
    } = {},
  ) {
    const scope = scopeOf(actor);
    const establishment = await establishmentInReach(establishmentId, scope);
    // Catalan and Basque lodgings report to the Mossos d'Esquadra or the Ertzaintza, and must
    // not also report to SES (reference ses-hospedajes.md §3, §6.9).
    const authority = reportingAuthority(establishment);
    const a19 = options.authority === 'ertzaintza';
    if (a19 && authority !== 'ertzaintza') throw new AppError('A19_OTHER_AUTHORITY');
    if (!a19 && authority !== 'ses')
      throw new AppError('SES_OTHER_AUTHORITY', {
        params: { authority: AUTHORITY_NAMES[authority] },
      });

    // The establishment's day (decision 028): the default arrivals, and the file's name.
    const day = dayOf(establishment);
    const ids = input.pilgrimIds ? [...new Set(input.pilgrimIds)] : null;
    const where = ids
      ? { ids }
      : input.from || input.to
        ? { from: input.from, to: input.to }
        : { from: day, to: day };
    // More than this cannot fit the 100 communications of one file anyway.
    const limit = 5000;
    let rows = await authorityFiles.travelersOfEstablishment(establishment.id, where, limit);
    if (ids && rows.length !== ids.length) throw new AppError('PILGRIM_NOT_FOUND');
    if (rows.length === 0) throw new AppError('SES_NO_TRAVELERS');
    let skipped: typeof rows = [];
    if (options.skip) {
      const sent = await options.skip(rows.map((r) => r.row.id));
      skipped = rows.filter((r) => sent.has(r.row.id));
      if (skipped.length === rows.length)
        throw new AppError('SES_ALREADY_SENT', {
          details: skipped.map((r) => ({
            field: `${r.row.id}.id`,
            message: '',
            code: `ses.already.${sent.get(r.row.id)}`,
            travelerId: r.row.id,
            travelerName: fullName(r.row),
          })),
        });
      rows = rows.filter((r) => !sent.has(r.row.id));
    }
    if (rows.some((r) => r.row.reportSeq === null)) {
      // One statement per traveler, in the list's order: never a counter held while another
      // traveler's row is locked (see numberIfMissing).
      for (const r of rows) if (r.row.reportSeq === null) await numbering.numberIfMissing(r.row.id);
      const keep = new Set(rows.map((r) => r.row.id));
      rows = (await authorityFiles.travelersOfEstablishment(establishment.id, where, limit)).filter(
        (r) => keep.has(r.row.id),
      );
    }

    // A self check-in not yet confirmed at the desk is no arrival yet (decision 033).
    const pending = await authorityFiles.awaitingConfirmation(rows.map((r) => r.row.id));
    const travelers = rows.map((r) => ({
      ...toSesTraveler(toTravelerView(r.row, r.establishmentName, day)),
      awaitingConfirmation: pending.has(r.row.id),
    }));
    const communications = sesStays(travelers).length;
    if (communications > SES_MAX_COMMUNICATIONS || rows.length >= limit)
      throw new AppError('SES_TOO_MANY_COMMUNICATIONS', {
        params: { max: SES_MAX_COMMUNICATIONS, count: communications },
      });
    const view = toEstablishmentView(establishment);
    const problems = (a19 ? preflightA19 : preflightSes)(travelers, view, { kind: input.kind });
    if (problems.length) {
      const names = new Map(travelers.map((t) => [t.id, fullName(t)]));
      const details: ErrorDetail[] = problems.map((p) => ({
        field: p.travelerId ? `${p.travelerId}.${p.field}` : p.field,
        message: sesProblemText(context.lng, p),
        code: p.code,
        travelerId: p.travelerId,
        ...(p.travelerId ? { travelerName: names.get(p.travelerId) ?? '' } : {}),
      }));
      throw new AppError('SES_PREFLIGHT_FAILED', { details });
    }
    const xml = a19
      ? input.kind === 'PV'
        ? buildA19PartesXml(view, travelers)
        : buildA19ReservasXml(view, travelers)
      : input.kind === 'PV'
        ? buildPartesXml(view, travelers)
        : buildReservasXml(view, travelers);
    return { establishment, travelers, xml, day, skipped: skipped.length };
  }

  return {
    prepareSes,

    /** POST /api/establishments/{id}/ses-xml. */
    async sesFile(
      actor: Actor,
      establishmentId: string,
      input: SesFileInput,
      context: DocumentContext,
    ): Promise<FileAnswer & { count: number }> {
      const { establishment, travelers, xml, day } = await prepareSes(
        actor,
        establishmentId,
        input,
        context,
      );
      await audit.record(context, {
        action: 'establishment.ses_file_generated',
        entityType: 'establishment',
        entityId: establishment.id,
        establishmentId: establishment.id,
        details: { kind: input.kind, format: input.format, pilgrimIds: travelers.map((t) => t.id) },
      });
      const base = `${input.kind === 'PV' ? 'partes' : 'reservas'}-${safeFileName(establishment.establishmentCode ?? 'sin-codigo')}-${day}`;
      return input.format === 'solicitud'
        ? {
            fileName: `${base}.solicitud.txt`,
            contentType: 'text/plain; charset=utf-8',
            body: toSolicitud(xml, { date: now() }),
            count: travelers.length,
          }
        : {
            fileName: `${base}.xml`,
            contentType: 'application/xml; charset=utf-8',
            body: xml,
            count: travelers.length,
          };
    },
  };
}
export type AuthorityFilesService = ReturnType<typeof createAuthorityFilesService>;
