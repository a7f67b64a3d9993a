import { lazy } from 'react';

// The request forms (and the validation library they carry) load only when the visitor opens one, so a
// vehicle page's first load stays small. Hovering or focusing the button starts the download early.
const loadInquiry = () => import('~/components/forms/vehicle-inquiry-form');
const loadFinancing = () => import('~/components/forms/financing-modal');

export const LazyInquiryForm = lazy(() => loadInquiry().then((m) => ({ default: m.VehicleInquiryForm })));
export const LazyFinancingModal = lazy(() => loadFinancing().then((m) => ({ default: m.FinancingModal })));

export function preloadInquiryForm(): void {
  void loadInquiry();
}

export function preloadFinancingModal(): void {
  void loadFinancing();
}
