/**
 * What an event tells (decision 069): ids, the establishment, the type and times, and the fields a
 * door lock or a property-management system acts on (names, dates, the room, the reservation).
 * Never a document's number or image, a birth date, a nationality, an address, an e-mail or a
 * phone: a receiver that needs more reads the record through the API, with a key that may.
 */
import { and, count, eq } from 'drizzle-orm';
import type { WebhookEventType } from '@hospes/shared/webhooks';
import type { Db } from '../../db/client';
import {
  authorityUploadItems,
  authorityUploads,
  pilgrims,
  reservations,
  selfRegistrations,
  sesSubmissionItems,
  sesSubmissions,
} from '../../db/schema';

/** A change that may be an event: its type, its establishment and the record it is about. */
export interface WebhookEventInput {
  type: WebhookEventType;
  establishmentId: string;
  /** The traveler's, the reservation's or the report's (SES submission's) id. */
  subjectId: string;
}

async function travelerData(id: string, tx: Db) {
  const [row] = await tx
    .select({
      id: pilgrims.id,
      firstName: pilgrims.firstName,
      lastName: pilgrims.lastName,
      secondLastName: pilgrims.secondLastName,
      entryDate: pilgrims.entryDate,
      checkOutDate: pilgrims.checkOutDate,
      selfRegistration: selfRegistrations.status,
      reservationId: selfRegistrations.reservationId,
      unit: reservations.unit,
      reservationGuests: reservations.guests,
    })
    .from(pilgrims)
    .leftJoin(selfRegistrations, eq(selfRegistrations.pilgrimId, pilgrims.id))
    .leftJoin(reservations, eq(reservations.id, selfRegistrations.reservationId))
    .where(eq(pilgrims.id, id));
  if (!row) return null;
  return row;
}

async function travelerPayload(id: string, tx: Db) {
  const row = await travelerData(id, tx);
  if (!row) return { id };
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    secondLastName: row.secondLastName,
    entryDate: row.entryDate,
    checkOutDate: row.checkOutDate,
    /** pending: a self check-in the desk has not confirmed yet; null: registered at the desk. */
    selfCheckin: row.selfRegistration,
    reservationId: row.reservationId,
    unit: row.unit,
  };
}

async function checkinPayload(id: string, tx: Db) {
  const row = await travelerData(id, tx);
  if (!row) return { travelerId: id };
  let reservation = null;
  if (row.reservationId) {
    const [done] = await tx
      .select({ n: count() })
      .from(selfRegistrations)
      .where(eq(selfRegistrations.reservationId, row.reservationId));
    reservation = {
      id: row.reservationId,
      unit: row.unit,
      guests: row.reservationGuests,
      /** Guests registered through the reservation's link so far, this one included. */
      guestsRegistered: done?.n ?? 0,
    };
  }
  return {
    travelerId: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    secondLastName: row.secondLastName,
    entryDate: row.entryDate,
    checkOutDate: row.checkOutDate,
    reservation,
  };
}

async function reservationPayload(id: string, tx: Db) {
  const [row] = await tx
    .select({
      id: reservations.id,
      status: reservations.status,
      holderName: reservations.holderName,
      arrival: reservations.arrival,
      departure: reservations.departure,
      guests: reservations.guests,
      unit: reservations.unit,
      channel: reservations.channel,
      source: reservations.source,
    })
    .from(reservations)
    .where(eq(reservations.id, id));
  return row ?? { id };
}

async function reportPayload(id: string, tx: Db) {
  const [row] = await tx
    .select({
      id: sesSubmissions.id,
      authority: sesSubmissions.authority,
      kind: sesSubmissions.kind,
      operation: sesSubmissions.operation,
      environment: sesSubmissions.environment,
      state: sesSubmissions.state,
      lote: sesSubmissions.lote,
    })
    .from(sesSubmissions)
    .where(eq(sesSubmissions.id, id));
  if (!row) return portalUploadPayload(id, tx);
  const items = await tx
    .select({
      travelerId: sesSubmissionItems.pilgrimId,
      communicationCode: sesSubmissionItems.communicationCode,
      errorType: sesSubmissionItems.errorType,
    })
    .from(sesSubmissionItems)
    .where(and(eq(sesSubmissionItems.submissionId, id)))
    .orderBy(sesSubmissionItems.orden);
  const settled = row.state === 'processed';
  return {
    id: row.id,
    authority: row.authority,
    /** PV: partes de viajeros; RH: reservas de hospedaje. */
    kind: row.kind,
    operation: row.operation === 'B' ? 'cancellation' : 'report',
    environment: row.environment,
    state: row.state,
    lote: row.lote,
    travelers: items.map((item) => ({
      id: item.travelerId,
      // Once processed, whether the authority stored this traveler (its own error text may
      // quote the traveler's document: it is not sent).
      accepted: settled ? item.communicationCode !== null : null,
    })),
  };
}

/**
 * A report the owner uploaded on an authority's portal (the Mossos d'Esquadra's file, decision
 * 057), in the shape of a sent report: the portal answers the owner, not us, so no traveler's
 * outcome is known (`accepted: null`); its reference is the file's name.
 */
async function portalUploadPayload(id: string, tx: Db) {
  const [row] = await tx
    .select({
      id: authorityUploads.id,
      authority: authorityUploads.authority,
      reference: authorityUploads.reference,
      uploadedAt: authorityUploads.uploadedAt,
    })
    .from(authorityUploads)
    .where(eq(authorityUploads.id, id));
  if (!row) return { id };
  const items = await tx
    .select({ travelerId: authorityUploadItems.pilgrimId })
    .from(authorityUploadItems)
    .where(eq(authorityUploadItems.uploadId, id))
    .orderBy(authorityUploadItems.pilgrimId);
  return {
    id: row.id,
    authority: row.authority,
    kind: 'PV',
    operation: 'report',
    state: row.uploadedAt ? 'uploaded' : 'generated',
    reference: row.reference,
    uploadedAt: row.uploadedAt?.toISOString() ?? null,
    travelers: items.map((item) => ({ id: item.travelerId, accepted: null })),
  };
}

/** The `data` of an event. */
export function payloadOf(event: WebhookEventInput, tx: Db): Promise<Record<string, unknown>> {
  switch (event.type) {
    case 'traveler.registered':
    case 'traveler.changed':
      return travelerPayload(event.subjectId, tx);
    case 'traveler.deleted':
      return Promise.resolve({ id: event.subjectId });
    case 'checkin.completed':
      return checkinPayload(event.subjectId, tx);
    case 'reservation.created':
    case 'reservation.changed':
    case 'reservation.cancelled':
      return reservationPayload(event.subjectId, tx);
    case 'report.sent':
    case 'report.accepted':
    case 'report.refused':
      return reportPayload(event.subjectId, tx);
  }
}
