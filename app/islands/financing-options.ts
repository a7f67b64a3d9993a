import { FinancingOptions } from '~/components/services/financing-options';

export default FinancingOptions;
