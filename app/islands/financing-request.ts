import { FinancingRequest } from '~/components/services/page-dialogs';

export default FinancingRequest;
