import { InsuranceForm } from '~/components/forms/insurance-form';

export default InsuranceForm;
