import { MapEmbed } from '~/components/contact/map-embed';

export default MapEmbed;
