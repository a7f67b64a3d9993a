import { AdvisoryRequest } from '~/components/services/page-dialogs';

export default AdvisoryRequest;
