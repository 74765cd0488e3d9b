import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText, PhoneText } from './contact-text';

describe('contact texts in narrow cards', () => {
  it('lets an e-mail address wrap only before its "@" and its dots, never inside a word', () => {
    const { container } = render(
      <p className="break-all">
        <EmailText email="maria.fernandez-longname@albergue-de-peregrinos.example.org" />
      </p>,
    );
    const text = container.querySelector('span')!;
    expect(text).toHaveTextContent('maria.fernandez-longname@albergue-de-peregrinos.example.org');
    // The only places a line may end: before "." "@" "." "." (the <wbr> elements).
    expect(
      [...text.childNodes].map((node) => (node.nodeName === 'WBR' ? '|' : node.textContent)),
    ).toEqual([
      'maria',
      '|',
      '.fernandez-longname',
      '|',
      '@albergue-de-peregrinos',
      '|',
      '.example',
      '|',
      '.org',
    ]);
    // And the container's "break anywhere" does not reach inside the pieces.
    expect(text.className).toContain('[word-break:keep-all]');
    expect(text.className).toContain('[overflow-wrap:normal]');
  });

  it('keeps a phone number on one line', () => {
    const { container } = render(<PhoneText phone="+34 600 111 222" />);
    const text = container.querySelector('span')!;
    expect(text).toHaveTextContent('+34 600 111 222');
    expect(text.className).toContain('whitespace-nowrap');
  });
});
