/**
 * The Ertzaintza's A19 service for Basque establishments (decision 056), inside the SES sending:
 * an establishment's certificate (a PKCS#12 file and its password, each sealed as the SES
 * web-service password is, never returned nor logged), the target a send signs with, and the
 * answer, which comes at once: every traveler of the request stored under its `peticion`, or all
 * refused with the service's error. The send itself, its modes, queue, deadline guard and history
 * are SES's (ses.service.ts) with `authority: 'ertzaintza'`.
 */
import {
  a19CertificateState,
  type A19Certificate,
  type A19CertificateInput,
} from '@hospes/shared/a19';
import { reportingAuthority } from '@hospes/shared/provinces';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { A19CertificateError, readPkcs12 } from '../../lib/a19/certificate';
import type { A19Answer, A19Target } from '../../lib/a19/client';
import { DocumentDecryptionError, type DocumentCipher } from '../../lib/storage/document-cipher';
import type { Actor } from '../../plugins/auth';
import type { AuditContext, AuditRepository } from '../audit';
import { cut } from './lote-checks';
import { createAnswerRecorder } from './record-answer';
import type { ConnectionRow, SesRepository } from './ses.repository';

const certificateContext = (id: string) => `a19-certificate:${id}`;
const passwordContext = (id: string) => `a19-password:${id}`;

export const isA19 = (row: ConnectionRow) => reportingAuthority(row) === 'ertzaintza';

export function createA19Certificates(deps: {
  ses: SesRepository;
  cipher: DocumentCipher;
  audit: AuditRepository;
  log: Pick<FastifyBaseLogger, 'error'>;
  now: () => Date;
  reachableEstablishment: (actor: Actor, id: string) => Promise<void>;
  connectionOf: (id: string) => Promise<ConnectionRow>;
}) {
  const { ses, cipher, audit, now, reachableEstablishment, connectionOf } = deps;
  const recordAnswer = createAnswerRecorder({ ses, now, log: deps.log });

  function view(row: ConnectionRow): A19Certificate {
    const configured = row.a19Certificate !== null && row.a19Password !== null;
    return {
      configured,
      subject: configured ? row.a19Subject : null,
      expiresAt: configured ? (row.a19ExpiresAt?.toISOString() ?? null) : null,
      ...a19CertificateState(configured ? row.a19ExpiresAt : null, now()),
      environment: row.a19Environment,
      landlordCode: row.nif || null,
    };
  }

  async function basqueConnection(actor: Actor, establishmentId: string) {
    await reachableEstablishment(actor, establishmentId);
    const row = await connectionOf(establishmentId);
    if (!isA19(row)) throw new AppError('A19_OTHER_AUTHORITY');
    return row;
  }

  function open(sealed: Buffer, context: string): Buffer {
    try {
      return cipher.open(sealed, context);
    } catch (err) {
      if (err instanceof DocumentDecryptionError)
        throw new AppError('A19_CERTIFICATE_UNREADABLE', { cause: err });
      throw err;
    }
  }

  function read(file: Buffer, password: string) {
    try {
      return readPkcs12(file, password);
    } catch (err) {
      if (err instanceof A19CertificateError)
        throw new AppError(
          err.problem === 'password' ? 'A19_CERTIFICATE_PASSWORD_WRONG' : 'A19_CERTIFICATE_INVALID',
        );
      throw err;
    }
  }

  return {
    /**
     * What a send to A19 signs with; null without a certificate. An expired one is refused here,
     * before anything leaves (409 A19_CERTIFICATE_EXPIRED).
     */
    a19TargetOf(row: ConnectionRow): A19Target | null {
      if (!row.a19Certificate || !row.a19Password) return null;
      const password = open(row.a19Password, passwordContext(row.establishmentId)).toString('utf8');
      const certificate = read(
        open(row.a19Certificate, certificateContext(row.establishmentId)),
        password,
      );
      if (certificate.notAfter.getTime() <= now().getTime())
        throw new AppError('A19_CERTIFICATE_EXPIRED');
      return { environment: row.a19Environment, landlordCode: row.nif, certificate };
    },

    /**
     * The answer of the A19 service on a request recorded as leaving: stored (every traveler under
     * the request's uuid) or refused (the service's first error on each); a failure to reach it
     * or read it is recorded as SES's are (never reached, or uncertain).
     */
    async recordA19Answer(id: string, call: () => Promise<A19Answer>) {
      let answer: A19Answer;
      try {
        answer = await call();
      } catch (err) {
        await recordAnswer(id, () => Promise.reject(err), 'sending');
        return;
      }
      const text = cut(
        answer.errors.length > 0
          ? answer.errors.map((e) => `${e.code} ${e.description}`.trim()).join(' · ')
          : answer.description,
        300,
      );
      const stored = answer.code === 0 && answer.errors.length === 0;
      await ses.recordAnswered(
        id,
        {
          state: stored ? 'processed' : 'refused',
          responseCode: answer.code,
          responseText: text,
          lote: answer.request ? cut(answer.request, 36) : null,
          processedAt: now(),
        },
        stored
          ? { communicationCode: answer.request ? cut(answer.request, 36) : 'A19', error: null }
          : { communicationCode: null, error: text },
      );
    },

    /** GET /api/establishments/{id}/a19-certificate. */
    async a19Certificate(actor: Actor, establishmentId: string): Promise<A19Certificate> {
      return view(await basqueConnection(actor, establishmentId));
    },

    /**
     * PUT /api/establishments/{id}/a19-certificate: a new certificate is read (its password must
     * open it, it must hold its key, and not be past its validity) and sealed; without one, the
     * stored one is kept and only the service changes.
     */
    async setA19Certificate(
      actor: Actor,
      establishmentId: string,
      input: A19CertificateInput,
      context: AuditContext,
    ): Promise<A19Certificate> {
      const current = await basqueConnection(actor, establishmentId);
      if (input.certificate === undefined) {
        if (!current.a19Certificate) throw new AppError('A19_CERTIFICATE_REQUIRED');
        await ses.setA19Certificate(establishmentId, {
          certificate: current.a19Certificate,
          password: current.a19Password,
          subject: current.a19Subject,
          expiresAt: current.a19ExpiresAt,
          environment: input.environment,
        });
      } else {
        const file = Buffer.from(input.certificate, 'base64');
        const password = input.password ?? '';
        const certificate = read(file, password);
        if (certificate.notAfter.getTime() <= now().getTime())
          throw new AppError('A19_CERTIFICATE_EXPIRED');
        await ses.setA19Certificate(establishmentId, {
          certificate: cipher.seal(file, certificateContext(establishmentId)),
          password: cipher.seal(Buffer.from(password, 'utf8'), passwordContext(establishmentId)),
          subject: cut(certificate.subject, 300),
          expiresAt: certificate.notAfter,
          environment: input.environment,
        });
      }
      await audit.record(context, {
        action: 'establishment.a19_certificate_changed',
        entityType: 'establishment',
        entityId: establishmentId,
        establishmentId,
        details: {
          environment: input.environment,
          certificateChanged: input.certificate !== undefined,
        },
      });
      return view(await connectionOf(establishmentId));
    },

    /** DELETE /api/establishments/{id}/a19-certificate: nothing is sent to A19 from Hospes after. */
    async removeA19Certificate(actor: Actor, establishmentId: string, context: AuditContext) {
      const current = await basqueConnection(actor, establishmentId);
      // Nothing can go by itself any more: the send modes go back to manual (decision 048).
      const reset = await ses.resetSendModes(establishmentId, now());
      await ses.setA19Certificate(establishmentId, {
        certificate: null,
        password: null,
        subject: null,
        expiresAt: null,
        environment: current.a19Environment,
      });
      await audit.record(context, {
        action: 'establishment.a19_certificate_changed',
        entityType: 'establishment',
        entityId: establishmentId,
        establishmentId,
        details: { removed: true, ...(reset.length > 0 ? { sendModesReset: reset } : {}) },
      });
      return view(await connectionOf(establishmentId));
    },
  };
}
