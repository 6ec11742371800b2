import ElectricRide
import RLSCommandLine

RLSCommandLine.run(schema: ElectricRide.schema, scenarios: ElectricRide.scenarios)
