import Policies
import RLSCommandLine

RLSCommandLine.run(schema: Bookshelf.schema)
