import { render, screen } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TextField } from './TextField';

const src = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

describe('field labels are in sentence case', () => {
  it('puts a code field’s capitals on its input, not on its label and hint', () => {
    render(<TextField label="Country" hint="Two-letter ISO code, such as NL." inputClassName="uppercase" />);
    const input = screen.getByLabelText('Country');
    expect(input).toHaveClass('uppercase');
    const label = document.querySelector('label')!;
    expect(label.closest('.uppercase')).toBeNull();
    expect(label).toHaveClass('normal-case');
    expect(screen.getByText('Two-letter ISO code, such as NL.')).toHaveClass('normal-case');
  });

  it('no form field of the console is put in capitals as a whole', () => {
    // A field's `className` styles its frame: label, hint and error. Capitals there made the
    // company details' "COUNTRY" among the other labels.
    const field = /<(TextField|PasswordField|SelectField|NumberInput|TextAreaField)\b([^>]*?)\bclassName="([^"]*)"/gs;
    const offenders = sourceFiles(src).flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(field)]
        .filter((m) => /(^|\s)uppercase(\s|$)/.test(m[3] ?? ''))
        .map((m) => `${relative(src, path)}: <${m[1]} className="${m[3]}">`),
    );
    expect(offenders).toEqual([]);
  });

  it('puts no label, heading or legend in capitals: only typed codes are', () => {
    // Capital letters by CSS belong to a code's input (`[&_input]:uppercase`, `inputClassName`);
    // section labels in capitals (PAGES, PROJECTS, table headers) sat among sentence-case ones.
    const offenders = sourceFiles(src).flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .filter((line) => /(^|[\s"'`])uppercase\b/.test(line) && !/inputClassName="uppercase"/.test(line))
        .map((line) => `${relative(src, path)}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
