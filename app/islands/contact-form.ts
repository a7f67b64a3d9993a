import { ContactForm } from '~/components/forms/contact-form';

export default ContactForm;
