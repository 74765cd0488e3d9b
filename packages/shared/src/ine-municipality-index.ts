/**
 * The names of the INE municipalities and which of them a postal code covers (decision 026), for
 * the look-up of the traveler form. The data (≈160 KB, ≈70 KB gzipped) is loaded on demand with a
 * dynamic import: a separate chunk of the web app, fetched once when a Spanish address is
 * entered, and cached like any other asset. Nothing here is needed to validate a record
 * (ine-municipalities.ts does that).
 */
import { PROVINCES } from './provinces';
import { ineMunicipalityCodesByProvince } from './ine-municipalities';
import { normaliseSearchText } from './search';

export interface Municipality {
  /** INE code, 5 digits. */
  code: string;
  /** The INE name as written, article first: "A Coruña", "El Pinós/Pinoso". */
  name: string;
  /** Other spellings found in the postal-code list (Valencia for València…). */
  aliases: readonly string[];
  /** Province code, 2 digits. */
  province: string;
  /** Province name: "Madrid", "A Coruña". */
  provinceName: string;
}

export interface MunicipalityIndex {
  /** Every municipality, in code order. */
  readonly all: readonly Municipality[];
  get(code: string | null | undefined): Municipality | undefined;
  /** The municipalities a postal code covers, most often one; none for an unknown code. */
  forPostalCode(postalCode: string | null | undefined): Municipality[];
  /** The municipalities whose name (or another spelling) is this one, ignoring case and accents. */
  byName(name: string | null | undefined): Municipality[];
}

export interface MunicipalityData {
  INE_MUNICIPALITY_NAMES: string;
  INE_POSTAL_CODES: string;
}

/** Builds the index from the generated strings (see scripts/generate-ine-municipalities.mjs). */
export function buildMunicipalityIndex(data: MunicipalityData): MunicipalityIndex {
  const provinceNames = new Map(PROVINCES.map((p) => [p.code, p.name]));
  const byProvince = [...ineMunicipalityCodesByProvince()];
  const nameLines = data.INE_MUNICIPALITY_NAMES.split('\n');
  if (nameLines.length !== byProvince.length) throw new Error('INE data out of step');
  const all: Municipality[] = [];
  const byCode = new Map<string, Municipality>();
  const byNormalName = new Map<string, Municipality[]>();
  byProvince.forEach(([province, codes], line) => {
    const entries = nameLines[line]!.split('|');
    if (entries.length !== codes.length) throw new Error(`INE data out of step: ${province}`);
    entries.forEach((entry, i) => {
      const [name, ...aliases] = entry.split('=') as [string, ...string[]];
      const municipality: Municipality = {
        code: codes[i]!,
        name,
        aliases,
        province,
        provinceName: provinceNames.get(province) ?? province,
      };
      all.push(municipality);
      byCode.set(municipality.code, municipality);
      const keys = new Set([name, ...aliases, ...name.split('/')].map(normaliseSearchText));
      for (const key of keys) {
        const list = byNormalName.get(key) ?? [];
        list.push(municipality);
        byNormalName.set(key, list);
      }
    });
  });

  const postal = new Map<string, Municipality[]>();
  for (const line of data.INE_POSTAL_CODES.split('\n')) {
    const province = line.slice(0, 2);
    const codes = ineMunicipalityCodesByProvince().get(province) ?? [];
    let number = -1;
    for (const entry of line.slice(2).split('|')) {
      const colon = entry.indexOf(':');
      number += colon < 0 ? 1 : parseInt(entry.slice(0, colon), 36);
      const refs = entry.slice(colon + 1);
      const found: Municipality[] = [];
      for (let i = 0; i < refs.length;) {
        const code =
          refs[i] === '+' ? refs.slice(i + 1, i + 6) : codes[parseInt(refs.slice(i, i + 2), 36)];
        i += refs[i] === '+' ? 6 : 2;
        const municipality = code ? byCode.get(code) : undefined;
        if (municipality) found.push(municipality);
      }
      postal.set(province + String(number).padStart(3, '0'), found);
    }
  }

  return {
    all,
    get: (code) => (code ? byCode.get(code.trim()) : undefined),
    forPostalCode: (postalCode) => [...(postal.get(postalCode?.trim() ?? '') ?? [])],
    byName: (name) => [...(byNormalName.get(normaliseSearchText(name ?? '')) ?? [])],
  };
}

let loading: Promise<MunicipalityIndex> | undefined;

/** The index, loading its data the first time (a failed load is tried again on the next call). */
export function loadMunicipalityIndex(): Promise<MunicipalityIndex> {
  loading ??= import('./generated/ine-municipalities').then(
    buildMunicipalityIndex,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
