import { FinancingSimulator } from '~/components/financing/financing-simulator';

export default FinancingSimulator;
