import { VehicleGallery } from '~/components/vehicle/vehicle-gallery';

export default VehicleGallery;
