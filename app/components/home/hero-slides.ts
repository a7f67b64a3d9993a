/** docs/product.md: the slider advances every 5 seconds. The slides' texts are site settings (ADR 0025). */
export const SLIDE_INTERVAL_MS = 5000;
