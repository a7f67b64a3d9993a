import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '@server/config/env.ts';
import { describe, expect, it } from 'vitest';
import { expectSpanishSentence } from '../support/hostile-checks.ts';

const base = { SESSION_SECRET: 's'.repeat(40), DATA_DIR: path.join(tmpdir(), 'automotora-config-test') };

describe('loadConfig', () => {
  it('starts from the documented defaults', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(3000);
    expect(config.leadRateLimit).toBe(10);
    expect(config.soldPageDays).toBe(30);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dealership.salesEmail).toMatch(/@/);
  });

  it("credits the site's developer with a link of their own, not the dealership's domain", () => {
    const { dealership } = loadConfig(base);
    const developer = new URL(dealership.developerCredit.url).hostname;
    const own = [dealership.email, dealership.salesEmail].map((address) => address.split('@')[1] ?? '');
    own.push(...dealership.social.map((s) => new URL(s.url).pathname.split('/')[1] ?? ''));
    for (const domain of own) {
      expect(domain).not.toBe('');
      expect(developer === domain || developer.endsWith(`.${domain}`), domain).toBe(false);
      expect(developer.replace(/^www\./, '').split('.')[0], domain).not.toBe(domain.split('.')[0]);
    }
  });

  it.each([
    ['PORT', 'abc'],
    ['LEAD_RATE_LIMIT', '0'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'no es una url'],
    ['SMTP_URL', 'http://mail'],
    ['SESSION_SECRET', 'corto'],
    ['SOLD_PAGE_DAYS', '-1'],
    ['SOLD_PAGE_DAYS', 'treinta'],
  ])('stops with a message naming %s when it is wrong', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(new RegExp(name));
  });

  it.each([
    ['LEAD_RATE_LIMIT', '99999'],
    ['PORT', 'abc'],
    ['TRUST_PROXY', '1.5'],
    ['NODE_ENV', 'staging'],
  ])('says what is wrong with %s in Spanish', (name, value) => {
    let message = '';
    try {
      loadConfig({ ...base, [name]: value });
    } catch (error) {
      message = (error as Error).message;
    }
    const line = message.split('\n').find((text) => text.startsWith(`${name}: `)) ?? '';
    expectSpanishSentence(line.slice(name.length + 2), name);
  });

  it('drops a field the settings no longer have from DEALERSHIP_FILE, at any depth', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dealer-'));
    const file = path.join(dir, 'older.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'Autos del Sur',
        fax: '+56 2 2000 0000',
        pageDescriptions: { blog: 'Noticias' },
      }),
    );
    const { dealership } = loadConfig({ ...base, DEALERSHIP_FILE: file });
    expect(dealership.name).toBe('Autos del Sur');
    expect(dealership).not.toHaveProperty('fax');
    expect(dealership.pageDescriptions).toEqual({});
  });

  it('overrides the dealership identity from DEALERSHIP_FILE and names a wrong field', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dealer-'));
    const good = path.join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ name: 'Autos del Sur', salesEmail: 'ventas@autosdelsur.cl' }));
    expect(loadConfig({ ...base, DEALERSHIP_FILE: good }).dealership).toMatchObject({
      name: 'Autos del Sur',
      salesEmail: 'ventas@autosdelsur.cl',
    });
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ salesEmail: 'no-es-correo' }));
    expect(() => loadConfig({ ...base, DEALERSHIP_FILE: bad })).toThrow(/DEALERSHIP_FILE → salesEmail/);
  });

  it('refuses test-drive hours and settings that cannot work (ADR 0020), naming the field', () => {
    const week = (days: Record<number, Array<{ open: string; close: string }>>) => ({
      week: [0, 1, 2, 3, 4, 5, 6].map((day) => days[day] ?? []),
      closedOnHolidays: true,
      closedDates: [],
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'dealer-'));
    const cases: Array<[object, RegExp]> = [
      // The opening hours (ADR 0036): a range that closes before it opens, a week of six days, a clock not HH:mm,
      // a week without an open day.
      [{ schedule: week({ 1: [{ open: '19:00', close: '09:30' }] }) }, /schedule\.week\.1/],
      [{ schedule: { ...week({}), week: [[], [], [], [], [], []] } }, /schedule\.week/],
      [{ schedule: week({ 1: [{ open: '9:30', close: '18:00' }] }) }, /schedule\.week\.1/],
      [{ schedule: week({}) }, /schedule\.week/],
      [{ testDrives: { slotCapacity: 0, minNoticeMinutes: 120, daysAhead: 14 } }, /testDrives/],
      [{ testDrives: { slotCapacity: 1, minNoticeMinutes: -5, daysAhead: 14 } }, /testDrives/],
      [{ testDrives: { slotCapacity: 1, minNoticeMinutes: 120, daysAhead: 0 } }, /testDrives/],
    ];
    for (const [override, field] of cases) {
      const file = path.join(dir, 'bad.json');
      writeFileSync(file, JSON.stringify(override));
      expect(() => loadConfig({ ...base, DEALERSHIP_FILE: file })).toThrow(field);
    }
    const good = path.join(dir, 'good.json');
    writeFileSync(
      good,
      JSON.stringify({ testDrives: { slotCapacity: 3, minNoticeMinutes: 0, daysAhead: 7 } }),
    );
    expect(loadConfig({ ...base, DEALERSHIP_FILE: good }).dealership.testDrives.slotCapacity).toBe(3);
    // A file written before the opening-hours setting keeps its hours: its text and ranges become the schedule.
    const old = path.join(dir, 'old.json');
    writeFileSync(
      old,
      JSON.stringify({
        hours: { weekdays: 'Lun-Vie 9:00-18:00', saturday: 'Sáb cerrado' },
        openingHours: [{ day: 6, open: '10:30', close: '13:30' }],
      }),
    );
    const { schedule } = loadConfig({ ...base, DEALERSHIP_FILE: old }).dealership;
    expect(schedule.week[1]).toEqual([{ open: '09:00', close: '18:00' }]);
    expect(schedule.week[6]).toEqual([]);
  });

  it('keeps one generated session secret per data directory', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'secret-'));
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });
});
