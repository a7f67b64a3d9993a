import { lazy } from 'react';

// The request forms in dialogs or behind a button (and the validation library they carry) load only when the
// visitor opens one, so a page's first load stays small. Hovering or focusing the button starts the download early.
const loadInquiry = () => import('~/components/forms/vehicle-inquiry-form');
const loadFinancing = () => import('~/components/forms/financing-modal');
const loadAdvisory = () => import('~/components/forms/advisory-modal');
const loadTestDrive = () => import('~/components/forms/test-drive-modal');

export const LazyInquiryForm = lazy(() => loadInquiry().then((m) => ({ default: m.VehicleInquiryForm })));
export const LazyFinancingModal = lazy(() => loadFinancing().then((m) => ({ default: m.FinancingModal })));
export const LazyAdvisoryModal = lazy(() => loadAdvisory().then((m) => ({ default: m.AdvisoryModal })));

export const LazyTestDriveModal = lazy(() => loadTestDrive().then((m) => ({ default: m.TestDriveModal })));

export function preloadTestDriveModal(): void {
  void loadTestDrive();
}

export function preloadInquiryForm(): void {
  void loadInquiry();
}

export function preloadFinancingModal(): void {
  void loadFinancing();
}

export function preloadAdvisoryModal(): void {
  void loadAdvisory();
}
