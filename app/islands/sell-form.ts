import { SellForm } from '~/components/forms/sell-form';

export default SellForm;
