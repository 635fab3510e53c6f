// How library error messages name the fields of a request: "`time`: '0h'
// is not a duration". Each front end rewrites the names into its own words
// (the command line "--time", Python "time", a batch file its column).
#ifndef TRAINFLOPS_FIELD_NAMES_H_
#define TRAINFLOPS_FIELD_NAMES_H_

#include <functional>
#include <string>
#include <string_view>

namespace trainflops {

// "`name`": how library messages name a request field.
std::string FieldRef(std::string_view name);

// Rewrites every "`field`" (a lower-case identifier between backquotes) of a
// message with `rename(field)`; other text is kept as it is.
std::string RenameFields(std::string_view message,
                         const std::function<std::string(std::string_view)>& rename);

}  // namespace trainflops

#endif  // TRAINFLOPS_FIELD_NAMES_H_
