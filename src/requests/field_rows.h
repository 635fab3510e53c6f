// The builders of the field tables' rows (request_fields.cc and
// request_fields_commands.cc): a row's setter from a member pointer, its
// description with "{default}" filled in, and tables made from others.
// Each table function brings them in with `using namespace field_rows;`.
#ifndef TRAINFLOPS_SRC_REQUESTS_FIELD_ROWS_H_
#define TRAINFLOPS_SRC_REQUESTS_FIELD_ROWS_H_

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/field_names.h"
#include "trainflops/request_fields.h"

namespace trainflops::field_rows {

inline Status OneValue(const std::string& name, const FieldValue& v) {
  if (v.texts.size() == 1) return Status::Ok();
  return Status::InvalidArgument(FieldRef(name) + ": expected one value, got " +
                                 std::to_string(v.texts.size()));
}

// The doc with "{default}" in its help replaced by the default.
inline FieldDoc Filled(FieldDoc doc) {
  constexpr std::string_view kMark = "{default}";
  if (const size_t at = doc.help.find(kMark); at != std::string::npos) {
    doc.help.replace(at, kMark.size(), doc.default_text);
  }
  return doc;
}

inline FieldDoc NumberDoc(std::string metavar = "", std::string help = "",
                          std::string default_text = "") {
  return {FieldType::kNumber, std::move(metavar), std::move(help), std::move(default_text)};
}
inline FieldDoc ChoiceDoc(std::string metavar = "", std::string help = "") {
  return {FieldType::kChoice, std::move(metavar), std::move(help), ""};
}
inline FieldDoc TextDoc(std::string metavar = "", std::string help = "") {
  return {FieldType::kText, std::move(metavar), std::move(help), ""};
}
inline FieldDoc FlagDoc(std::string help) { return {FieldType::kText, "", std::move(help), ""}; }

// A text: a std::optional<std::string> member, or a std::string one for a
// text the request needs (a layer type, an amount).
template <typename R, typename Member>
RequestField<R> Text(std::string name, Member R::*member, FieldDoc doc = {}) {
  return {name, FieldKind::kText, FileRole::kModel,
          [name, member](R& r, FieldValue&& v) {
            TF_RETURN_IF_ERROR(OneValue(name, v));
            r.*member = std::move(v.texts.front());
            return Status::Ok();
          },
          Filled(std::move(doc))};
}

template <typename R>
RequestField<R> List(std::string name, std::vector<std::string> R::*member, FieldDoc doc = {}) {
  return {name, FieldKind::kList, FileRole::kModel,
          [member](R& r, FieldValue&& v) {
            r.*member = std::move(v.texts);
            return Status::Ok();
          },
          Filled(std::move(doc))};
}

template <typename R>
RequestField<R> Flag(std::string name, bool R::*member, FieldDoc doc = {}) {
  return {name, FieldKind::kFlag, FileRole::kModel,
          [member](R& r, FieldValue&& v) {
            r.*member = v.flag;
            return Status::Ok();
          },
          Filled(std::move(doc))};
}

template <typename R, typename Member>  // InputFile or std::optional<InputFile>
RequestField<R> File(std::string name, Member R::*member, FileRole role, FieldDoc doc = {}) {
  return {name, FieldKind::kFile, role,
          [member](R& r, FieldValue&& v) {
            r.*member = std::move(v.file);
            return Status::Ok();
          },
          Filled(std::move(doc))};
}

// Appends the rows of `sub`, setting them on `part(request)`.
template <typename R, typename Sub, typename Part>
void AddAll(RequestFields<R>& out, const RequestFields<Sub>& sub, Part part) {
  for (const RequestField<Sub>& f : sub) {
    out.push_back({f.name, f.kind, f.role,
                   [set = f.set, part](R& r, FieldValue&& v) { return set(part(r), std::move(v)); },
                   f.doc});
  }
}

// Appends the rows of `sub`, setting them on `part(request)`: a pointer,
// nullptr when the request cannot take them (EstimateRequest's options of
// another kind of model file), and then `refusal(name)` is the error.
template <typename R, typename Sub, typename Part, typename Refusal>
void AddAllOrRefuse(RequestFields<R>& out, const RequestFields<Sub>& sub, Part part,
                    Refusal refusal) {
  for (const RequestField<Sub>& f : sub) {
    out.push_back({f.name, f.kind, f.role,
                   [name = f.name, set = f.set, part, refusal](R& r, FieldValue&& v) {
                     Sub* target = part(r);
                     return target ? set(*target, std::move(v)) : refusal(name);
                   },
                   f.doc});
  }
}

// Only the rows of `sub` named in `names`. A name with no row is a bug in
// these tables (a misspelling would silently drop a field from every front
// end), so it throws when the table is first built: every test that uses the
// table fails at once.
template <typename Sub>
RequestFields<Sub> Only(const RequestFields<Sub>& sub, const std::vector<std::string>& names) {
  for (const std::string& n : names) {
    if (std::none_of(sub.begin(), sub.end(),
                     [&n](const RequestField<Sub>& f) { return f.name == n; })) {
      throw std::logic_error("request field table: no field '" + n + "'");
    }
  }
  RequestFields<Sub> out;  // in the order of `sub`
  for (const RequestField<Sub>& f : sub) {
    if (std::find(names.begin(), names.end(), f.name) != names.end()) out.push_back(f);
  }
  return out;
}

// The description of the row `name` of `sub`, for a row of another request
// that means the same; a missing row throws as in Only.
template <typename Sub>
FieldDoc DocOf(const RequestFields<Sub>& sub, const std::string& name) {
  return Only(sub, {name}).front().doc;
}

}  // namespace trainflops::field_rows

#endif  // TRAINFLOPS_SRC_REQUESTS_FIELD_ROWS_H_
