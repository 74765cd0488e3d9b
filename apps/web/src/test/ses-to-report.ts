import type { SesToReportItem } from '@hospes/shared/ses-auto';

/** Ids of the travelers and the establishment of the "to report" stand-ins. */
export const SAN_ROQUE = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
export const ANA = '1b2c3d4e-5f60-4718-9a2b-3c4d5e6f7a8b';
export const LUIS = '2b2c3d4e-5f60-4718-9a2b-3c4d5e6f7a8c';

/** One traveler to report (GET /api/ses-to-report): Ana, unsent, 2.5 h left, unless overridden. */
export function toReportItem(overrides: Partial<SesToReportItem>): SesToReportItem {
  return {
    pilgrimId: ANA,
    establishmentId: SAN_ROQUE,
    establishmentName: 'Albergue San Roque',
    name: 'Ana Pérez',
    entryDate: '2026-06-19',
    state: 'unsent',
    error: null,
    deadline: '2026-06-20T12:30:00.000Z',
    hoursLeft: 2.5,
    ...overrides,
  };
}

/** The answer of GET /api/ses-to-report. */
export const toReport = (data: SesToReportItem[]) => ({ body: { success: true, data } });
