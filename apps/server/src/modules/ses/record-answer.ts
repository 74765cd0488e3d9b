import type { FastifyBaseLogger } from 'fastify';
import { SesTransportError } from '../../lib/ses/client';
import { SesMalformedAnswer, SesSoapFault, type SesAltaAnswer } from '../../lib/ses/soap';
import { cut, FIRST_CHECK_MS } from './lote-checks';
import type { SesRepository } from './ses.repository';

/**
 * Writes the service's answer to a request already recorded as leaving (decision 035): an alta's
 * (a send) or a cancellation's (decision 045), both answered with a lote. Queued, refused, or,
 * when the answer is lost or unreadable, uncertain (it may have been queued): never a second send
 * by accident.
 */
export function createAnswerRecorder(deps: {
  ses: Pick<SesRepository, 'update'>;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  const { ses, now, log } = deps;
  return async function recordAnswer(
    id: string,
    call: () => Promise<SesAltaAnswer>,
    what: 'sending' | 'a cancellation',
  ): Promise<void> {
    try {
      const answer = await call();
      await ses.update(
        id,
        answer.code === 0
          ? {
              state: 'queued',
              lote: answer.lote,
              responseCode: 0,
              responseText: cut(answer.description, 300),
              nextCheckAt: new Date(now().getTime() + FIRST_CHECK_MS),
            }
          : {
              state: 'refused',
              responseCode: answer.code,
              responseText: cut(answer.description, 300),
            },
      );
    } catch (err) {
      if (err instanceof SesTransportError) {
        await ses.update(id, {
          state: err.reason === 'unauthorized' ? 'refused' : err.delivered ? 'uncertain' : 'failed',
          failure: err.reason,
          responseCode: err.status ?? null,
        });
      } else if (err instanceof SesSoapFault) {
        // A client fault refuses the request; a server fault may come after it was queued.
        await ses.update(id, {
          state: /server/i.test(err.faultCode) ? 'uncertain' : 'refused',
          failure: 'fault',
          responseText: cut(err.faultString, 300),
        });
      } else if (err instanceof SesMalformedAnswer) {
        // Something answered, but not as the WSDL says: it may have been queued.
        await ses.update(id, { state: 'uncertain', failure: 'malformed' });
      } else {
        log.error({ err, submissionId: id }, `SES: ${what} failed unexpectedly`);
        await ses.update(id, { state: 'uncertain', failure: 'network' });
      }
    }
  };
}
