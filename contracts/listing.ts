import type { CreditTerm, CreditType } from './credit-options.ts';
import type { Condition } from './vehicle.ts';

// The shapes the public pages send to the browser: the listing island's /vehicles.json answer and the cards it
// draws. Types only (the server builds them; nothing parses them), so importing this module costs a page nothing.

/** What a page needs to know of an image to lay it out before it loads. */
export interface ImageRef {
  hash: string;
  width: number;
  height: number;
}

/**
 * "Cuota desde": the lowest cuota the dealership's credits offer for a vehicle (domain/credit.ts lowestInstallment),
 * with the figures the law asks to show beside it, and the simulation that gives it.
 */
export interface InstallmentFrom {
  installment: number;
  caePercent: number;
  totalCost: number;
  term: CreditTerm;
  downPayment: number;
  downPaymentPercent: number;
  type: CreditType;
  /** The credit's name as the settings give it ("Crédito convencional"): a card names the credit it quotes. */
  typeLabel: string;
  /** Who may get it, when not every buyer ("Exclusivo para residentes de la Quinta Región"); shown beside the cuota. */
  restriction: string | null;
}

/** The smaller form of a vehicle a listing card needs: only the main photo travels to the browser. */
export interface VehicleCardView {
  id: number;
  /** brand + model */
  name: string;
  brand: string;
  model: string;
  year: number;
  price: number;
  /**
   * The price before a decrease made in the last 30 days, shown struck through beside "Bajó de precio"; null or
   * absent when there is none (domain/price-drop.ts).
   */
  previousPrice?: number | null;
  mileage: number;
  fuelType: string;
  condition: Condition;
  bodyType: string;
  /** Without the 'Transmisión ' prefix. */
  transmission: string;
  image: ImageRef | null;
  /** Null when no credit fits the price. */
  installmentFrom: InstallmentFrom | null;
}

/** The option lists of the listing's filters, built from the lookup lists and the stock. */
export interface FilterOptions {
  brands: string[];
  models: string[];
  bodyTypes: string[];
  /** Shown and sent without the 'Transmisión ' prefix. */
  transmissions: string[];
  fuels: string[];
}

/** One page of the listing: its cards, where it stands, the filters' options and the whole stock's size. */
export interface ListingData {
  vehicles: VehicleCardView[];
  /** The page shown: the one asked for, kept within 1..pageCount. */
  page: number;
  pageCount: number;
  total: number;
  /** 1-based positions of the first and last card shown; 0 and 0 when there is nothing. */
  from: number;
  to: number;
  options: FilterOptions;
  stockCount: number;
}

/** What /vehicles.json answers. */
export interface ListingResponse {
  /** The canonical query string of the data, without "?". */
  search: string;
  data: ListingData;
}
