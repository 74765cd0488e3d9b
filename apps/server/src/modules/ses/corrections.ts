/**
 * Cancelling and correcting what was sent to SES.HOSPEDAJES (decision 045, manual §2.3 and
 * §3.1.1.6): the service has no "modify", so a stored communication is cancelled by its code
 * (`comunicacion`, operation B, queued as a lote like an alta) and, for a correction, sent again
 * with the record as it is now (a new alta). Both requests are written down before they leave, as
 * sends are (decision 035), and share a correction id, so that the traveler's record shows them
 * together. A traveler deleted after being reported has their communication cancelled first.
 *
 * A communication holds one stay: cancelling it cancels it for every traveler of the stay, and a
 * correction sends the whole stay again.
 *
 * A correction's new alta waits for the Ministry (decision 048): the cancellation is processed
 * later (a lote), and may be refused; the new alta is a job sent once the cancellation's lote is
 * known processed without errors (the lote checks call `settleCancellation`). A cancellation
 * refused ends the correction `failed`, with the Ministry's reason, and nothing else is sent.
 */
import type { SesCorrection, SesHeldCommunication, SesSubmission } from '@hospes/shared/ses';
import type { Language } from '@hospes/shared/languages';
import { errorMessage } from '@hospes/shared/messages';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { uuidv7 } from '../../lib/ids';
import type { JobContext, JobQueue } from '../../lib/jobs/job-queue';
import type { SesClient, SesTarget } from '../../lib/ses/client';
import type { Actor } from '../../plugins/auth';
import type { AuditContext, AuditRepository } from '../audit';
import type { AuthorityFilesService } from '../documents';
import { isUuid, scopeOf } from '../../db/scope';
import { cut } from './lote-checks';
import { isA19 } from './a19';
import { createAnswerRecorder } from './record-answer';
import type { ConnectionRow, SesRepository, SubmissionRow } from './ses.repository';

/** A correction's new alta, sent once its cancellation's lote is processed (decision 048). */
export const SES_CORRECTION_ALTA_JOB = 'ses-correction-alta';
/** Retries of that job when the Ministry cannot be reached (from a minute, doubling). */
export const SES_CORRECTION_ALTA_RETRIES = 4;

export interface CorrectionAltaJob {
  cancellationId: string;
  lng: Language;
}

type SendContext = AuditContext & { lng: Language };

export interface SesCorrectionsDeps {
  ses: SesRepository;
  client: SesClient;
  audit: AuditRepository;
  documents: Pick<AuthorityFilesService, 'prepareSes'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now: () => Date;
  connectionOf: (establishmentId: string) => Promise<ConnectionRow>;
  targetOf: (row: ConnectionRow, environment?: ConnectionRow['environment']) => SesTarget | null;
  countCall: (establishmentId: string) => Promise<void>;
  reachableEstablishment: (actor: Actor, id: string) => Promise<void>;
  view: (id: string) => Promise<SesSubmission>;
  /** The alta of ses.service (pre-flight, never twice, written down before it leaves). */
  send: (
    actor: Actor,
    establishmentId: string,
    input: { kind: 'PV' | 'RH'; pilgrimIds: string[] },
    context: SendContext & { automatic?: boolean },
  ) => Promise<SesSubmission>;
  /** Where a correction's new alta is sent as a job, once its cancellation is processed. */
  jobs: Pick<JobQueue, 'send'>;
}

/** Why a request did not do what it asked: the Ministry's words first, else what failed. */
function reasonOf(row: SubmissionRow, itemError?: string | null): string {
  return (
    cut(itemError ?? row.responseText ?? row.loteStateText ?? row.failure ?? row.state, 300) ??
    row.state
  );
}

export function createSesCorrections(deps: SesCorrectionsDeps) {
  const { ses, client, audit, documents, log, now, connectionOf, targetOf, countCall } = deps;
  const recordServiceAnswer = createAnswerRecorder({ ses, now, log });

  /**
   * The state a stored code is in for a new cancellation: free, or why not (a cancellation done
   * already, or on its way or unanswered).
   */
  function conflictOf(rows: Awaited<ReturnType<SesRepository['storedUnder']>>) {
    const asked = rows.find((r) => r.item.cancelledBy);
    if (!asked) return null;
    return asked.cancellationState === 'processed' && asked.cancellationLoteState === 1
      ? 'SES_ALREADY_CANCELLED'
      : 'SES_CANCELLATION_PENDING';
  }

  /**
   * Cancels one stored code of an establishment: recorded (with its travelers) before it leaves,
   * audited on each traveler, then sent; a cancellation refused or never sent leaves the code
   * stored. Answers the cancellation as recorded.
   */
  async function cancelCode(
    establishmentId: string,
    code: string,
    actorId: string,
    context: AuditContext,
    options: { correctionId?: string; reason: 'cancel' | 'correct' | 'delete' },
  ): Promise<SesSubmission> {
    const rows = await ses.storedUnder(establishmentId, code);
    const first = rows[0];
    if (!first) throw new AppError('SES_COMMUNICATION_NOT_FOUND');
    // The A19 service has no cancellation (decision 061): the Ertzaintza's portal has.
    if (first.submission.authority === 'ertzaintza') throw new AppError('A19_PORTAL_ONLY');
    const conflict = conflictOf(rows);
    if (conflict) throw new AppError(conflict);
    // Cancelled where it was stored (test or production), with the establishment's credentials.
    const { kind, environment } = first.submission;
    const target = targetOf(await connectionOf(establishmentId), environment);
    if (!target) throw new AppError('SES_NOT_CONNECTED');
    await countCall(establishmentId);
    const id = uuidv7();
    const recorded = await ses.insertCancellation(
      {
        id,
        establishmentId,
        kind,
        environment,
        operation: 'B',
        correctionId: options.correctionId ?? null,
        correctionState: options.correctionId ? 'waiting' : null,
        state: 'sending',
        communications: 1,
        sentBy: actorId,
        createdAt: now(),
      },
      code,
    );
    if (!recorded) throw new AppError('SES_CANCELLATION_PENDING');
    await audit.record(
      context,
      rows.map((r) => ({
        action: 'pilgrim.ses_cancelled' as const,
        entityType: 'pilgrim' as const,
        entityId: r.item.pilgrimId,
        establishmentId,
        details: {
          submissionId: id,
          communicationCode: code,
          kind,
          environment,
          reason: options.reason,
          ...(options.correctionId ? { correctionId: options.correctionId } : {}),
        },
      })),
    );
    await recordAnswer(id, () => client.anular(target, kind, [code]));
    const row = await ses.submission(id);
    // Refused, or it never reached the service: nothing was cancelled.
    if (row && (row.state === 'refused' || row.state === 'failed')) await ses.clearCancellation(id);
    // A correction's new alta waits for the lote; refused or unanswered, it does not go.
    if (row && options.correctionId && row.state !== 'queued')
      await ses.setCorrection(id, ['waiting'], {
        correctionState: 'failed',
        correctionError: reasonOf(row),
      });
    return deps.view(id);
  }

  /**
   * A cancellation's request has changed (its lote was looked at, or given up on): for a
   * correction's, the new alta is sent as a job once the lote is processed without errors; a
   * cancellation refused, processed with errors, or left unanswered ends the correction failed,
   * with the Ministry's reason.
   */
  async function settleCancellation(id: string, lng: Language = 'es') {
    const row = await ses.submission(id);
    if (!row || row.operation !== 'B' || !row.correctionId || row.correctionState !== 'waiting')
      return;
    if (row.state === 'processed' && row.loteState === 1) {
      await deps.jobs.send<CorrectionAltaJob>(SES_CORRECTION_ALTA_JOB, { cancellationId: id, lng });
      return;
    }
    if (row.state === 'queued' || row.state === 'sending') return;
    const [item] = await ses.travelersOf([id]);
    await ses.setCorrection(id, ['waiting'], {
      correctionState: 'failed',
      correctionError: reasonOf(row, item?.error),
    });
  }

  /**
   * The job: the new alta of a correction whose cancellation the Ministry carried out, with the
   * stay's records as they are now, by the send of decision 035 (pre-flight, never twice). A send
   * that never reached the service is retried; one that cannot be made (the pre-flight refuses
   * it now, no web-service user) ends the correction failed, and the stay is to report again.
   */
  async function sendCorrectionAlta(data: CorrectionAltaJob, job: Pick<JobContext, 'retryCount'>) {
    const row = await ses.claimCorrection(data.cancellationId, job.retryCount > 0);
    if (!row?.correctionId) return;
    const fail = (error: string) =>
      ses.setCorrection(row.id, ['sending'], {
        correctionState: 'failed',
        correctionError: cut(error, 300),
      });
    const pilgrimIds = (await ses.travelersOf([row.id])).map((t) => t.pilgrimId);
    if (pilgrimIds.length === 0) return fail(errorMessage(data.lng, 'PILGRIM_NOT_FOUND'));
    // Sent for the user who asked the correction (or by no user, when that account is gone).
    const actor: Actor = {
      id: row.sentBy ?? '00000000-0000-0000-0000-000000000000',
      sessionId: '',
      role: 'admin',
      name: 'Hospes',
      email: '',
    };
    let sent: SesSubmission;
    try {
      sent = await deps.send(
        actor,
        row.establishmentId,
        { kind: row.kind, pilgrimIds },
        { actorId: row.sentBy, requestId: null, ip: null, lng: data.lng, automatic: !row.sentBy },
      );
    } catch (err) {
      if (!(err instanceof AppError)) {
        await ses.setCorrection(row.id, ['sending'], { correctionState: 'waiting' });
        throw err;
      }
      // Sent meanwhile by another way (the dialog, a send by itself): nothing more to send.
      if (err.code === 'SES_ALREADY_SENT')
        return ses.setCorrection(row.id, ['sending'], { correctionState: 'sent' });
      if (err.code === 'TOO_MANY_REQUESTS' && job.retryCount < SES_CORRECTION_ALTA_RETRIES) {
        await ses.setCorrection(row.id, ['sending'], { correctionState: 'waiting' });
        throw err;
      }
      return fail(errorMessage(data.lng, err.code));
    }
    await ses.update(sent.id, { correctionId: row.correctionId });
    if (sent.state === 'failed') {
      if (job.retryCount >= SES_CORRECTION_ALTA_RETRIES)
        return fail(reasonOf(await submissionOf(sent.id)));
      await ses.setCorrection(row.id, ['sending'], { correctionState: 'waiting' });
      throw new Error(`The SES service could not be reached (${sent.failure ?? 'network'})`);
    }
    await ses.setCorrection(row.id, ['sending'], { correctionState: 'sent' });
  }

  async function submissionOf(id: string): Promise<SubmissionRow> {
    const row = await ses.submission(id);
    if (!row) throw new AppError('SES_SUBMISSION_NOT_FOUND');
    return row;
  }

  /** The service's answer to a cancellation, written to its request (as a send's, decision 035). */
  const recordAnswer = (id: string, call: () => ReturnType<SesClient['anular']>) =>
    recordServiceAnswer(id, call, 'a cancellation');

  /**
   * Whether the Ministry no longer holds a code as a live communication (consultaComunicacion:
   * cancelled, or nothing under it for this user); false when it cannot tell.
   */
  async function noLongerHeld(
    establishmentId: string,
    environment: ConnectionRow['environment'],
    code: string,
  ): Promise<boolean> {
    try {
      const target = targetOf(await connectionOf(establishmentId), environment);
      if (!target) return false;
      const answer = await client.consultaComunicacion(target, [code]);
      if (answer.code !== 0) return false;
      const held = answer.communications.find((c) => c.code === code);
      return !held || held.cancelled;
    } catch (err) {
      log.warn({ err, establishmentId }, 'SES: consultaComunicacion failed');
      return false;
    }
  }

  /** The establishment of a traveler the caller reaches; 404 otherwise. */
  async function travelerEstablishment(actor: Actor, pilgrimId: string): Promise<string> {
    const establishmentId = isUuid(pilgrimId)
      ? await ses.establishmentOfTraveler(pilgrimId, scopeOf(actor))
      : null;
    if (!establishmentId) throw new AppError('PILGRIM_NOT_FOUND');
    return establishmentId;
  }

  return {
    settleCancellation,
    sendCorrectionAlta,

    /**
     * POST /api/establishments/{id}/ses/communications/{code}/cancel: cancels a communication the
     * service stored for this establishment (404 for a code it does not have, another tenant's
     * included; 409 when already cancelled or on its way). 201 with the cancellation as recorded.
     */
    async cancel(
      actor: Actor,
      establishmentId: string,
      code: string,
      context: AuditContext,
    ): Promise<SesSubmission> {
      await deps.reachableEstablishment(actor, establishmentId);
      return cancelCode(establishmentId, code, actor.id, context, { reason: 'cancel' });
    },

    /**
     * POST /api/pilgrims/{id}/ses/correct: the traveler's stored communication of this kind (on
     * the service the establishment sends to) is cancelled and their stay sent again as it is
     * then. The new alta is checked first (422 as a send, nothing sent); it leaves only once the
     * Ministry has processed the cancellation (decision 048): the answer has no alta yet, and
     * the state `waiting` (or `failed` when the cancellation did not go).
     */
    async correct(
      actor: Actor,
      pilgrimId: string,
      kind: 'PV' | 'RH',
      context: SendContext,
    ): Promise<SesCorrection> {
      const establishmentId = await travelerEstablishment(actor, pilgrimId);
      const connection = await connectionOf(establishmentId);
      // A Basque establishment's partes are corrected on the Ertzaintza's portal (decision 061).
      if (isA19(connection)) throw new AppError('A19_PORTAL_ONLY');
      if (!targetOf(connection)) throw new AppError('SES_NOT_CONNECTED');
      const stored = (await ses.ofTraveler(pilgrimId)).find(
        (r) =>
          r.submission.operation === 'A' &&
          r.submission.kind === kind &&
          r.submission.environment === connection.environment &&
          r.item.communicationCode &&
          !(r.cancellationState === 'processed' && r.cancellationLoteState === 1),
      );
      if (!stored?.item.communicationCode) throw new AppError('SES_NOTHING_TO_CORRECT');
      const code = stored.item.communicationCode;
      const stay = await ses.storedUnder(establishmentId, code);
      const conflict = conflictOf(stay);
      if (conflict) throw new AppError(conflict);
      const pilgrimIds = stay.map((r) => r.item.pilgrimId);
      // The new parte must pass the pre-flight before anything is cancelled.
      await documents.prepareSes(actor, establishmentId, { kind, pilgrimIds }, context);

      const correctionId = uuidv7();
      const cancellation = await cancelCode(establishmentId, code, actor.id, context, {
        correctionId,
        reason: 'correct',
      });
      const row = await submissionOf(cancellation.id);
      return {
        correctionId,
        cancellation,
        alta: null,
        state: row.correctionState ?? 'failed',
        error: row.correctionError,
      };
    },

    /**
     * GET /api/establishments/{id}/ses/communications/{code}: what the Ministry holds under a code
     * Hospes stored for this establishment (consultaComunicacion); null when it holds nothing
     * under it for this user.
     */
    async held(
      actor: Actor,
      establishmentId: string,
      code: string,
    ): Promise<SesHeldCommunication | null> {
      await deps.reachableEstablishment(actor, establishmentId);
      const [first] = await ses.storedUnder(establishmentId, code);
      if (!first) throw new AppError('SES_COMMUNICATION_NOT_FOUND');
      if (first.submission.authority === 'ertzaintza') throw new AppError('A19_PORTAL_ONLY');
      const target = targetOf(await connectionOf(establishmentId), first.submission.environment);
      if (!target) throw new AppError('SES_NOT_CONNECTED');
      await countCall(establishmentId);
      let answer;
      try {
        answer = await client.consultaComunicacion(target, [code]);
      } catch (err) {
        log.warn({ err, establishmentId }, 'SES: consultaComunicacion failed');
        throw new AppError('SERVICE_UNAVAILABLE', { cause: err });
      }
      if (answer.code !== 0) throw new AppError('SERVICE_UNAVAILABLE');
      const found = answer.communications.find((c) => c.code === code);
      if (!found) return null;
      return {
        code: found.code,
        kind: found.kind,
        cancelled: found.cancelled,
        reference: found.reference,
        startDate: found.startDate,
        endDate: found.endDate,
        registeredAt: found.registeredAt,
        persons: found.persons,
      };
    },

    /**
     * Before travelers are deleted: each communication stored for them (and not cancelled) is
     * cancelled first. One that cannot be (refused, not sent, no credentials) stops the deletion
     * with 409 SES_CANCEL_FAILED naming the travelers; cancellations already queued stay asked.
     * Travelers the caller does not reach are left to the deletion's own 404.
     */
    async cancelBeforeDelete(actor: Actor, pilgrimIds: string[], context: AuditContext) {
      const scope = scopeOf(actor);
      const reached: string[] = [];
      for (const id of new Set(pilgrimIds))
        if (isUuid(id) && (await ses.travelerInReach(id, scope))) reached.push(id);
      const stored = await ses.storedNotCancelled(reached);
      const failed: { code: string; reason: string }[] = [];
      for (const s of stored) {
        // What the Ertzaintza stored stays there: A19 cannot cancel (decision 061).
        if (!s.code || s.authority === 'ertzaintza') continue;
        try {
          const cancellation = await cancelCode(s.establishmentId, s.code, actor.id, context, {
            reason: 'delete',
          });
          if (cancellation.state === 'queued') continue;
          // Refused: perhaps cancelled on the portal already. What the Ministry holds decides.
          if (await noLongerHeld(s.establishmentId, s.environment, s.code)) continue;
          failed.push({ code: s.code, reason: cancellation.responseText ?? cancellation.state });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          // Asked already; or no web-service user: nothing Hospes can cancel (the portal can).
          if (
            err.code === 'SES_ALREADY_CANCELLED' ||
            err.code === 'SES_CANCELLATION_PENDING' ||
            err.code === 'SES_NOT_CONNECTED'
          )
            continue;
          failed.push({ code: s.code, reason: err.code });
        }
      }
      if (failed.length > 0)
        throw new AppError('SES_CANCEL_FAILED', {
          details: failed.map((f) => ({
            field: 'communicationCode',
            message: f.reason,
            code: f.code,
          })),
        });
    },
  };
}
export type SesCorrections = ReturnType<typeof createSesCorrections>;
