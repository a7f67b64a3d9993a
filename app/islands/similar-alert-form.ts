import { SimilarAlertForm } from '~/components/forms/similar-alert-form';

export default SimilarAlertForm;
