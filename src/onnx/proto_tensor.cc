// TensorProto and ValueInfoProto (onnx/onnx.proto): a tensor's name, type,
// shape and where its data lives, never the data itself; a value's declared
// element type and shape.
#include <bit>

#include "proto_parser.h"
#include "trainflops/input_limits.h"

namespace trainflops::onnx {

// TensorProto: dims = 1, data_type = 2, float_data = 4, int32_data = 5,
// string_data = 6, int64_data = 7, name = 8, raw_data = 9, double_data = 10,
// uint64_data = 11, external_data = 13, data_location = 14.
// The data fields are skipped by their length; only small numeric tensors
// have their values decoded, after the whole message is read, since fields
// may come in any order.
Result<TensorMeta> Parser::Tensor(const Field& field) {
  TensorMeta t;
  Field data;
  int data_fields = 0;
  TF_ASSIGN_OR_RETURN(const Span span, in_.Message(field, "TensorProto"));
  const Status visited = in_.ForEachField(span, [&](const Field& f) -> Status {
    switch (f.number) {
      case 1:
        return in_.Varints(f, kMaxRank, "TensorProto.dims", &t.dims);
      case 2:
        TF_RETURN_IF_ERROR(ExpectVarint(f, "TensorProto.data_type"));
        t.data_type = static_cast<int32_t>(f.value);
        return Status::Ok();
      case 4:
      case 5:
      case 6:
      case 7:
      case 9:
      case 10:
      case 11:
        t.has_data = true;
        t.data_bytes += f.type == kLen ? f.span.size() : 8;
        t.data_field = static_cast<int>(f.number);
        data = f;
        ++data_fields;
        return Status::Ok();
      case 8: {
        TF_ASSIGN_OR_RETURN(t.name, Text(f, "TensorProto.name"));
        return Status::Ok();
      }
      case 13:
        return ExternalData(f, &t);
      case 14:
        TF_RETURN_IF_ERROR(ExpectVarint(f, "TensorProto.data_location"));
        t.external = f.value == 1;  // DataLocation EXTERNAL
        return Status::Ok();
      default:
        return Status::Ok();
    }
  });
  if (!visited.ok()) return visited;
  for (int64_t d : t.dims) {
    if (d < 0) {
      return Status::ParseError(At(field.offset) + ": tensor '" + t.name +
                                "' has a negative dimension " + std::to_string(d));
    }
  }
  if (data_fields == 1 && data.type == kLen && !t.external) {
    TF_RETURN_IF_ERROR(TensorValues(&t, data));
  }
  TF_RETURN_IF_ERROR(budget_->Charge(
      (t.dims.capacity() + t.int_values.capacity() + t.float_values.capacity()) * sizeof(int64_t),
      "tensor shapes"));
  return t;
}

// StringStringEntryProto: key = 1, value = 2. Only "length" is used, to
// check the declared shape; "location" is never opened.
Status Parser::ExternalData(const Field& field, TensorMeta* t) {
  std::string key, value;
  TF_ASSIGN_OR_RETURN(const Span span, in_.Message(field, "TensorProto.external_data"));
  const Status visited = in_.ForEachField(span, [&](const Field& f) -> Status {
    if (f.number == 1) {
      TF_ASSIGN_OR_RETURN(key, Text(f, "external_data key"));
    } else if (f.number == 2) {
      TF_ASSIGN_OR_RETURN(value, Text(f, "external_data value"));
    }
    return Status::Ok();
  });
  if (!visited.ok()) return visited;
  if (key != "length") return Status::Ok();
  uint64_t length = 0;
  for (char c : value) {
    if (c < '0' || c > '9' || length > (UINT64_MAX - 9) / 10) {
      return Status::ParseError(At(field.offset) + ": external_data length '" + Abbreviate(value) +
                                "' is not a byte count");
    }
    length = length * 10 + static_cast<uint64_t>(c - '0');
  }
  t->external_length = length;
  return Status::Ok();
}

// Decodes the values of a small int32/int64 (at most kMaxValues) or
// float/double (at most kMaxFloatValues) tensor. Data whose size does not
// match is left alone here; CheckInitializers reports it.
Status Parser::TensorValues(TensorMeta* t, const Field& data) {
  double count = 1;
  for (int64_t d : t->dims) count *= static_cast<double>(d);
  const int32_t type = t->data_type;
  // Integers and booleans (conditions, masks) of any width; int32_data
  // holds the narrow ones as varints.
  const bool is_int = type == kInt64 || type == kInt32 || type == kBool || type == kInt8 ||
                      type == kUint8 || type == kInt16 || type == kUint16 || type == kUint32;
  const bool is_float = type == kFloat || type == kDouble;
  const auto limit = static_cast<double>(is_int ? kMaxValues : kMaxFloatValues);
  if (count > limit || (!is_int && !is_float)) return Status::Ok();
  const auto n = static_cast<size_t>(count);
  const int width = static_cast<int>(ElementBytes(type));
  std::vector<uint64_t> bits;
  if (data.number == 9) {  // raw_data: little-endian values
    if (data.span.size() != n * static_cast<uint64_t>(width)) return Status::Ok();
    TF_RETURN_IF_ERROR(in_.Fixed(data.span, width, n, "TensorProto.raw_data", &bits));
  } else if ((data.number == 7 || data.number == 5) && is_int) {  // int64/int32_data: varints
    std::vector<int64_t> ints;
    TF_RETURN_IF_ERROR(in_.Varints(data, n, "TensorProto.int_data", &ints));
    for (int64_t v : ints) bits.push_back(static_cast<uint64_t>(v));
  } else if (data.number == (t->data_type == kFloat ? 4 : 10) && is_float) {  // float/double_data
    TF_RETURN_IF_ERROR(in_.Fixed(data.span, width, n, "TensorProto.float_data", &bits));
  }
  if (bits.size() != n) return Status::Ok();
  for (uint64_t b : bits) {
    switch (t->data_type) {
      case kInt64:
        t->int_values.push_back(static_cast<int64_t>(b));
        break;
      case kInt32:
        t->int_values.push_back(static_cast<int32_t>(static_cast<uint32_t>(b)));
        break;
      case kInt8:
        t->int_values.push_back(static_cast<int8_t>(static_cast<uint8_t>(b)));
        break;
      case kInt16:
        t->int_values.push_back(static_cast<int16_t>(static_cast<uint16_t>(b)));
        break;
      case kBool:
      case kUint8:
      case kUint16:
      case kUint32:
        t->int_values.push_back(static_cast<int64_t>(b & (width == 4 ? 0xffffffffu : 0xffffu)));
        break;
      case kFloat:
        t->float_values.push_back(std::bit_cast<float>(static_cast<uint32_t>(b)));
        break;
      default:
        t->float_values.push_back(std::bit_cast<double>(b));
    }
  }
  t->has_values = true;
  return Status::Ok();
}

// ValueInfoProto: name = 1, type = 2. TypeProto: tensor_type = 1 (sequences,
// maps and optionals are left untyped).
Result<ValueInfo> Parser::Value(const Field& field) {
  ValueInfo v;
  TF_ASSIGN_OR_RETURN(const Span span, in_.Message(field, "GraphProto.input/output/value_info"));
  const Status visited = in_.ForEachField(span, [&](const Field& f) -> Status {
    if (f.number == 1) {
      TF_ASSIGN_OR_RETURN(v.name, Text(f, "ValueInfoProto.name"));
      return Status::Ok();
    }
    if (f.number != 2) return Status::Ok();
    TF_ASSIGN_OR_RETURN(const Span type, in_.Message(f, "ValueInfoProto.type"));
    return in_.ForEachField(
        type, [&](const Field& tf) { return tf.number == 1 ? TensorType(tf, &v) : Status::Ok(); });
  });
  if (!visited.ok()) return visited;
  return v;
}

// TypeProto.Tensor: elem_type = 1, shape = 2; TensorShapeProto: dim = 1.
Status Parser::TensorType(const Field& field, ValueInfo* v) {
  TF_ASSIGN_OR_RETURN(const Span span, in_.Message(field, "TypeProto.tensor_type"));
  v->has_type = true;
  return in_.ForEachField(span, [&](const Field& f) -> Status {
    if (f.number == 1) {
      TF_RETURN_IF_ERROR(ExpectVarint(f, "TypeProto.Tensor.elem_type"));
      v->elem_type = static_cast<int32_t>(f.value);
      return Status::Ok();
    }
    if (f.number != 2) return Status::Ok();
    TF_ASSIGN_OR_RETURN(const Span shape, in_.Message(f, "TypeProto.Tensor.shape"));
    v->has_shape = true;
    v->dims.clear();
    return in_.ForEachField(shape, [&](const Field& d) -> Status {
      if (d.number != 1) return Status::Ok();
      TF_ASSIGN_OR_RETURN(Dimension dim, Dim(d));
      return Push(&v->dims, std::move(dim), d, "dimensions", kMaxRank, budget_);
    });
  });
}

// TensorShapeProto.Dimension: dim_value = 1, dim_param = 2.
Result<Dimension> Parser::Dim(const Field& field) {
  Dimension d;
  TF_ASSIGN_OR_RETURN(const Span span, in_.Message(field, "TensorShapeProto.dim"));
  const Status visited = in_.ForEachField(span, [&](const Field& f) -> Status {
    if (f.number == 1) {
      TF_RETURN_IF_ERROR(ExpectVarint(f, "Dimension.dim_value"));
      d.value = static_cast<int64_t>(f.value);
      if (d.value < 0) {
        return Status::ParseError(At(f.offset) + ": negative dimension " + std::to_string(d.value));
      }
      d.has_value = true;
    } else if (f.number == 2) {
      TF_ASSIGN_OR_RETURN(d.param, Text(f, "Dimension.dim_param"));
    }
    return Status::Ok();
  });
  if (!visited.ok()) return visited;
  return d;
}

}  // namespace trainflops::onnx
