/**
 * A printable sign for the counter or the door: the establishment's name, a large QR code of the
 * self check-in link, "register here" in the languages pilgrims most often read, and the link
 * itself. Drawn on a canvas at A4 and 150 dpi (1240 × 1754), downloaded as a PNG that prints
 * sharply on one sheet. The call to action is written in several languages at once, whatever the
 * language of the desk's screen, so its texts live here and not in one language's file.
 */
export const POSTER_CALLS: readonly { lang: string; text: string; dir?: 'rtl' }[] = [
  { lang: 'es', text: 'Regístrese aquí con su móvil' },
  { lang: 'en', text: 'Register here with your phone' },
  { lang: 'fr', text: 'Enregistrez-vous ici avec votre téléphone' },
  { lang: 'de', text: 'Hier mit dem Handy anmelden' },
  { lang: 'it', text: 'Registrati qui con il telefono' },
  { lang: 'pt', text: 'Registe-se aqui com o seu telemóvel' },
  { lang: 'ko', text: '휴대폰으로 여기에서 등록하세요' },
  { lang: 'ja', text: 'スマートフォンでこちらから登録してください' },
  { lang: 'zh', text: '请用手机在此登记' },
  { lang: 'ar', text: 'سجّل هنا بهاتفك', dir: 'rtl' },
];

export const POSTER_SIZE = { width: 1240, height: 1754 } as const;

const FONT = 'system-ui, "Noto Sans", "Noto Sans CJK JP", "Noto Sans Arabic", sans-serif';

/** `text` cut into lines no wider than `width`, at word boundaries where it has spaces. */
export function wrapLines(
  text: string,
  width: number,
  measure: (text: string) => number,
): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (!line || measure(candidate) <= width) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** `text` without spaces (a link) cut into lines no wider than `width`, character by character. */
export function breakLines(
  text: string,
  width: number,
  measure: (text: string) => number,
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of text) {
    if (line && measure(line + char) > width) {
      lines.push(line);
      line = char;
    } else line += char;
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws the sign on `canvas` (resized to POSTER_SIZE). */
export async function drawPoster(
  canvas: HTMLCanvasElement,
  { name, url }: { name: string; url: string },
): Promise<void> {
  const { width, height } = POSTER_SIZE;
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas 2d context unavailable');
  const ctx = context;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#111827';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';

  const margin = 90;
  let y = 110;
  ctx.font = `700 76px ${FONT}`;
  for (const line of wrapLines(name, width - 2 * margin, (t) => ctx.measureText(t).width).slice(
    0,
    2,
  )) {
    ctx.fillText(line, width / 2, y);
    y += 92;
  }

  const qrSize = 760;
  const qr = document.createElement('canvas');
  // The encoder is fetched when a poster is drawn (decision 067).
  const { default: QRCode } = await import('qrcode');
  await QRCode.toCanvas(qr, url, {
    width: qrSize,
    margin: 2,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000', light: '#ffffff' },
  });
  y += 30;
  ctx.drawImage(qr, (width - qrSize) / 2, y, qrSize, qrSize);
  y += qrSize + 36;

  ctx.font = `600 36px ${FONT}`;
  for (const call of POSTER_CALLS) {
    ctx.direction = call.dir ?? 'ltr';
    ctx.fillText(call.text, width / 2, y);
    y += 46;
  }
  ctx.direction = 'ltr';

  ctx.font = `400 28px ${FONT}`;
  ctx.fillStyle = '#374151';
  const urlLines = breakLines(url, width - 2 * margin, (t) => ctx.measureText(t).width);
  y = Math.max(y + 20, height - 70 - urlLines.length * 36);
  for (const line of urlLines) {
    ctx.fillText(line, width / 2, y);
    y += 36;
  }
}

/** Downloads `canvas` as a PNG file called `fileName`. */
export function downloadCanvas(canvas: HTMLCanvasElement, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = canvas.toDataURL('image/png');
  anchor.download = fileName;
  anchor.click();
}
