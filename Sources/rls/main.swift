import Policies
import RLSCommandLine

RLSCommandLine.run(schema: ElectricRide.schema)
