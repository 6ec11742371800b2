import ElectricRide
import RLSCommandLine
RLSCommandLine.run(schema: Bookshelf.schema)
