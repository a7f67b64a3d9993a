// Placeholder (issue 4): the appraisal form of /sell-your-car ('Solicitar tasación').
export function SellForm() {
  return null;
}
