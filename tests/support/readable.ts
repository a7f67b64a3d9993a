import type { AuditLine } from '@domain/audit-text.ts';
import { expect } from 'vitest';

// What a person must never read in the back office's history (issue 31 item 8, ADR 0041).

/** What a person must never read in the history: a code, JSON, or English. */
export function expectReadable(lines: AuditLine[]): void {
  for (const line of lines) {
    const texts = 'before' in line ? [line.label, line.before, line.after] : [line.label, line.value];
    expect(line.label, 'a label in snake_case').not.toMatch(/_/);
    expect(line.label, 'a label in camelCase').not.toMatch(/\b[a-z]+[A-Z]/);
    expect(line.label, 'a path for a label').not.toMatch(/\w\.\w/);
    for (const text of texts) {
      expect(text, 'JSON in the history').not.toMatch(/[{[]\s*"/);
      // A field the settings no longer have is named as it was stored, in quotes («campo «from»», settingsPathLabel):
      // a name quoted on purpose, not English written as Spanish.
      expect(text.replace(/«[^«»]*»/g, '«…»'), 'English in the history').not.toMatch(
        /\b(From|To|from|to|true|false|null|undefined)\b/,
      );
    }
  }
}
