// The quotation's terms in force at an instant (ADR 0032), with Chile's holidays: the pages show them beside the
// simulator and a financing request stores them with its simulation. One function, so both say the same.
import type { Dealership } from '@contracts/dealership.ts';
import { type QuotationTerms, quotationDates, quotationTerms } from '@domain/credit-quotation.ts';
import { chileHolidays } from '../rights/chile-holidays.ts';

export async function quotationAt(dealership: Dealership, now: Date | number): Promise<QuotationTerms> {
  const dates = quotationDates(now, dealership.creditQuotation.validityBusinessDays, await chileHolidays());
  return quotationTerms(dealership, dates);
}
