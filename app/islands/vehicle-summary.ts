import { VehicleSummary } from '~/components/vehicle/vehicle-summary';

export default VehicleSummary;
