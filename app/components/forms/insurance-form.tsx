// Placeholder (issue 4): the 'Solicita tu Cotización' form of /insurance.
export function InsuranceForm() {
  return null;
}
