// Checkpoint cross-check and header readers, on files generated here:
// well-formed ones with hand-counted tensors, and hostile ones (lengths of
// 2^63, shapes that overflow, truncations) that must give a clear error.
#include "trainflops/checkpoint.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "testing/checkpoint_writer.h"

namespace trainflops {
namespace {

using llm::testing::Gguf;
using llm::testing::Le;
using llm::testing::Safetensors;
std::string Str(const std::string& s) { return llm::testing::GgufString(s); }

TEST(CheckpointIndex, TotalSizeOverTheDtype) {
  Result<CheckpointIndex> index = ParseSafetensorsIndex(
      R"({"metadata": {"total_size": 14434379520}, "weight_map": {"a": "s1", "b": "s2", "c": "s1"}})",
      "index.json");
  ASSERT_TRUE(index.ok()) << index.status().message();
  EXPECT_EQ(index->total_size, 14434379520.0);
  EXPECT_EQ(index->tensors, 3);
  EXPECT_EQ(index->shards, 2);
  // falcon-7b: 14,434,379,520 bytes / 2 (bfloat16) = 7,217,189,760 stored values;
  // the config counts 6,921,720,704 (tied head stored twice): +4.27%, flagged.
  Result<CheckpointCount> count = CountFromIndex(*index, "bfloat16");
  ASSERT_TRUE(count.ok());
  EXPECT_EQ(count->params, 7217189760.0);
  const CheckpointCrossCheck c = CrossCheckCheckpoint(*count, 6921720704.0);
  EXPECT_NEAR(c.relative_difference, 7217189760.0 / 6921720704.0 - 1, 1e-12);
  EXPECT_TRUE(c.flagged);
  EXPECT_FALSE(CrossCheckCheckpoint(*count, 7217189760.0 * 1.009).flagged);
  // 3 bytes are not a whole number of 2-byte values: refused, not 1.5 parameters.
  Result<CheckpointIndex> odd =
      ParseSafetensorsIndex(R"({"metadata": {"total_size": 3}})", "odd.json");
  ASSERT_TRUE(odd.ok());
  const Result<CheckpointCount> half = CountFromIndex(*odd, "bfloat16");
  ASSERT_FALSE(half.ok());
  EXPECT_NE(half.status().message().find("3 bytes is not a whole number of 2-byte values"),
            std::string::npos)
      << half.status().message();
}

TEST(CheckpointIndex, BadInputsAreNamed) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"weight_map": {}})", "no 'metadata.total_size'"},
      {R"({"metadata": {"total_size": -5}})", "must be a positive whole number of bytes"},
      {R"({"metadata": {"total_size": 1.5}})", "must be a positive whole number of bytes"},
      {"[1]", "expected a JSON object"},
      {"{", "malformed JSON"},
  };
  for (const auto& [text, expected] : cases) {
    Result<CheckpointIndex> index = ParseSafetensorsIndex(text, "index.json");
    ASSERT_FALSE(index.ok()) << text;
    EXPECT_NE(index.status().message().find(expected), std::string::npos)
        << index.status().message();
  }
  // A size written as a string of digits is accepted (some writers do).
  Result<CheckpointIndex> quoted =
      ParseSafetensorsIndex(R"({"metadata": {"total_size": "1000"}})", "index.json");
  ASSERT_TRUE(quoted.ok());
  EXPECT_EQ(quoted->total_size, 1000);
}

TEST(CheckpointDtype, BytesPerValue) {
  EXPECT_EQ(*DtypeBytes("bfloat16"), 2);
  EXPECT_EQ(*DtypeBytes("float32"), 4);
  EXPECT_EQ(*DtypeBytes("torch.float16"), 2);
  EXPECT_EQ(*DtypeBytes("float8_e4m3fn"), 1);
  Result<double> bad = DtypeBytes("bfloat61");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("did you mean 'bfloat16'"), std::string::npos)
      << bad.status().message();
}

TEST(CheckpointGroups, LayerNumbersBecomeStars) {
  EXPECT_EQ(TensorGroupName("model.layers.12.self_attn.q_proj.weight"),
            "model.layers.*.self_attn.q_proj.weight");
  EXPECT_EQ(TensorGroupName("blk.0.ffn_up_exps.weight"), "blk.*.ffn_up_exps.weight");
  EXPECT_EQ(TensorGroupName("lm_head.weight"), "lm_head.weight");
}

TEST(Safetensors, ReadsNamesDtypesShapesAndGroups) {
  // Two layers' q_proj (4 x 8 BF16 = 64 bytes each) and an F32 norm of 8 (32 bytes).
  const std::string header =
      R"({"__metadata__": {"format": "pt"},
          "model.layers.0.q.weight": {"dtype": "BF16", "shape": [4, 8], "data_offsets": [0, 64]},
          "model.layers.1.q.weight": {"dtype": "BF16", "shape": [4, 8], "data_offsets": [64, 128]},
          "model.norm.weight": {"dtype": "F32", "shape": [8], "data_offsets": [128, 160]}})";
  const std::string file = Safetensors(header, 160);
  const MemoryByteSource source(file);
  Result<CheckpointHeader> h = ReadSafetensorsHeader(source, "m.safetensors");
  ASSERT_TRUE(h.ok()) << h.status().message();
  EXPECT_EQ(h->format, "safetensors");
  ASSERT_EQ(h->tensors.size(), 3u);
  EXPECT_EQ(h->params, 32 + 32 + 8);
  ASSERT_EQ(h->groups.size(), 2u);
  EXPECT_EQ(h->groups[0].name, "model.layers.*.q.weight");
  EXPECT_EQ(h->groups[0].tensors, 2);
  EXPECT_EQ(h->groups[0].params, 64);
  EXPECT_EQ(CountFromHeader(*h).params, 72);
}

struct Hostile {
  const char* name;
  std::string bytes;
  const char* expected;
};

std::string OneTensor(const std::string& shape, const std::string& offsets, size_t data) {
  return Safetensors(
      R"({"t": {"dtype": "F32", "shape": )" + shape + R"(, "data_offsets": )" + offsets + "}}",
      data);
}

// Two F32 tensors, 'a' and 'b', with `data` bytes after the header.
std::string TwoF32(const std::string& a_shape, const std::string& a_offsets,
                   const std::string& b_shape, const std::string& b_offsets, size_t data) {
  return Safetensors(R"({"a": {"dtype": "F32", "shape": )" + a_shape + R"(, "data_offsets": )" +
                         a_offsets + R"(}, "b": {"dtype": "F32", "shape": )" + b_shape +
                         R"(, "data_offsets": )" + b_offsets + "}}",
                     data);
}

// The 4-bit floats of the safetensors format are packed two to a byte: 3
// values in 2 bytes count 3 parameters.
TEST(Safetensors, PackedFourBitValuesCountByShape) {
  const std::string file =
      Safetensors(R"({"t": {"dtype": "F4", "shape": [3], "data_offsets": [0, 2]}})", 2);
  const MemoryByteSource source(file);
  Result<CheckpointHeader> h = ReadSafetensorsHeader(source, "f4.safetensors");
  ASSERT_TRUE(h.ok()) << h.status().message();
  EXPECT_EQ(h->params, 3);
}

// The header's order is not the data's: tensors are placed by their offsets.
// Here 'a' (8 bytes) follows 'b' (4 bytes): 2 + 1 = 3 parameters.
TEST(Safetensors, TensorsListedOutOfDataOrderAreAccepted) {
  const std::string file = TwoF32("[2]", "[4, 12]", "[1]", "[0, 4]", 12);
  const MemoryByteSource source(file);
  Result<CheckpointHeader> h = ReadSafetensorsHeader(source, "m.safetensors");
  ASSERT_TRUE(h.ok()) << h.status().message();
  EXPECT_EQ(h->params, 3);
}

TEST(Safetensors, HostileFilesGetClearErrors) {
  const std::vector<Hostile> cases = {
      {"empty", "", "too short for a safetensors file"},
      {"length_2_63", Le(uint64_t{1} << 63, 8) + "{}", "header length 9223372036854775808"},
      {"length_past_end", Le(1000, 8) + "{}", "within the file's 10 bytes"},
      {"not_json", Safetensors("{not json", 0), "malformed safetensors header JSON"},
      {"not_object", Safetensors("[1, 2]", 0), "not a JSON object"},
      {"shape_overflow", OneTensor("[4294967296, 4294967296]", "[0, 4]", 4),
       "more than 1e15 elements (overflow)"},
      {"negative_dim", OneTensor("[-1]", "[0, 4]", 4), "shape entries must be whole numbers"},
      {"huge_dim", OneTensor("[1e300]", "[0, 4]", 4), "is not a whole number from 0 to 1e15"},
      {"offsets_past_data", OneTensor("[1]", "[0, 4]", 2), "within the file's 2 data bytes"},
      {"offsets_mismatch", OneTensor("[2]", "[0, 4]", 8), "need 8 bytes, data_offsets give 4"},
      {"no_dtype", Safetensors(R"({"t": {"shape": [1]}})", 0), "expected {\"dtype\""},
      {"unknown_dtype",
       Safetensors(R"({"t": {"dtype": "Q9", "shape": [1], "data_offsets": [0, 1]}})", 1),
       "(accepted: F64, I64, U64, C64, F32"},
      // 3 packed 4-bit values fill ceil(3 x 4 / 8) = 2 bytes, not 3.
      {"packed_f4",
       Safetensors(R"({"t": {"dtype": "F4", "shape": [3], "data_offsets": [0, 3]}})", 3),
       "need 2 bytes, data_offsets give 3"},
      // Two 4-byte tensors on the same bytes were both counted.
      {"overlap", TwoF32("[1]", "[0, 4]", "[1]", "[0, 4]", 4),
       "tensors 'a' (data_offsets [0, 4]) and 'b' (data_offsets [0, 4]) overlap"},
      {"partial_overlap", TwoF32("[2]", "[0, 8]", "[2]", "[4, 12]", 12),
       "tensors 'a' (data_offsets [0, 8]) and 'b' (data_offsets [4, 12]) overlap"},
      {"gap", TwoF32("[1]", "[0, 4]", "[1]", "[8, 12]", 12),
       "no tensor holds data bytes 4 to 8 before 'b' (data_offsets [8, 12])"},
      {"not_from_zero", OneTensor("[1]", "[4, 8]", 8), "no tensor holds data bytes 0 to 4"},
      {"data_after_the_tensors", OneTensor("[1]", "[0, 4]", 8),
       "the tensors end at data byte 4 of 8: each tensor's data must start where the previous "
       "one's ends, from byte 0 to the end of the data (the safetensors format)"},
  };
  for (const Hostile& c : cases) {
    SCOPED_TRACE(c.name);
    const MemoryByteSource source(c.bytes);
    Result<CheckpointHeader> h = ReadSafetensorsHeader(source, "x.safetensors");
    ASSERT_FALSE(h.ok());
    EXPECT_NE(h.status().message().find(c.expected), std::string::npos) << h.status().message();
  }
}

std::string Tensor(const std::string& name, const std::vector<uint64_t>& dims, uint32_t type) {
  return llm::testing::GgufTensor(name, dims, type);
}

TEST(Gguf, SkipsKeyValuesAndReadsTensors) {
  // Key-values: a string, a uint32, an array of 2 strings, an array of 3 uint8.
  const std::string kvs = Str("general.name") + Le(8, 4) + Str("tiny") + Str("llama.block_count") +
                          Le(4, 4) + Le(2, 4) + Str("tokenizer.tokens") + Le(9, 4) + Le(8, 4) +
                          Le(2, 8) + Str("a") + Str("bc") + Str("bytes") + Le(9, 4) + Le(0, 4) +
                          Le(3, 8) + "xyz";
  const std::string tensors = Tensor("token_embd.weight", {8, 100}, 30) +
                              Tensor("blk.0.attn_q.weight", {8, 8}, 12) +
                              Tensor("blk.1.attn_q.weight", {8, 8}, 12);
  const std::string file = Gguf(3, 4, kvs + tensors);
  const MemoryByteSource source(file);
  Result<CheckpointHeader> h = ReadGgufHeader(source, "m.gguf");
  ASSERT_TRUE(h.ok()) << h.status().message();
  ASSERT_EQ(h->tensors.size(), 3u);
  EXPECT_EQ(h->tensors[0].dtype, "BF16");
  EXPECT_EQ(h->tensors[1].dtype, "Q4_K");
  EXPECT_EQ(h->params, 800 + 64 + 64);
  ASSERT_EQ(h->groups.size(), 2u);
  EXPECT_EQ(h->groups[1].name, "blk.*.attn_q.weight");
  EXPECT_EQ(h->groups[1].params, 128);
}

// `size` bytes that are zero after `head`, as a sparse file reads; counts the
// reads and the bytes read.
class SparseSource final : public ByteSource {
 public:
  SparseSource(std::string head, uint64_t size) : head_(std::move(head)), size_(size) {}
  uint64_t size() const override { return size_; }
  Status Read(uint64_t offset, std::span<char> out) const override {
    ++reads;
    bytes_read += out.size();
    for (size_t i = 0; i < out.size(); ++i) {
      out[i] = offset + i < head_.size() ? head_[static_cast<size_t>(offset + i)] : '\0';
    }
    return Status::Ok();
  }
  mutable uint64_t reads = 0, bytes_read = 0;

 private:
  std::string head_;
  uint64_t size_;
};

// Zero bytes read as key-values of 13 bytes each (an empty key, type uint8,
// a zero): 100,000 of them in 1.3 MB. The old reader made three reads per
// key-value (300,000); through a 64 KiB window it takes ceil(1.3 MB / 64 KiB)
// = 20 reads (and the magic's one).
TEST(Gguf, ManySmallFieldsAreReadThroughAWindow) {
  SparseSource source(Gguf(0, 100000, ""), 24 + 13 * 100000);
  Result<CheckpointHeader> h = ReadGgufHeader(source, "zeros.gguf");
  ASSERT_TRUE(h.ok()) << h.status().message();
  EXPECT_EQ(h->tensors.size(), 0u);
  EXPECT_LE(source.reads, 21u);
}

// A sparse 1 TiB file whose header claims 5 million key-values: an array of
// 3 million empty strings (24 MB), then zeros that read as 13-byte
// key-values (65 MB). The key-values and tensor infos may take at most 64
// MiB, so reading stops there with an error, having read at most 64 MiB. The
// old reader read all 89 MB (about 18 million reads) and accepted the file.
TEST(Gguf, TheHeaderIsReadAtMostUpToItsCap) {
  const std::string array = Str("a") + Le(9, 4) + Le(8, 4) + Le(3'000'000, 8);
  SparseSource source(Gguf(0, 5'000'000, array), uint64_t{1} << 40);
  Result<CheckpointHeader> h = ReadGgufHeader(source, "sparse.gguf");
  ASSERT_FALSE(h.ok());
  EXPECT_EQ(h.status().message().rfind("sparse.gguf: GGUF header: ", 0), 0u)
      << h.status().message();
  EXPECT_NE(h.status().message().find(
                "runs past 64 MiB, the most the key-values and tensor infos may take"),
            std::string::npos)
      << h.status().message();
  EXPECT_LE(source.bytes_read, (uint64_t{64} << 20) + 4);
}

// Counts that cannot fit in 64 MiB are refused before any is read.
TEST(Gguf, CountsBeyondTheCapAreRefusedUnread) {
  SparseSource source(Gguf(0, 10'000'000, ""), uint64_t{1} << 40);
  Result<CheckpointHeader> h = ReadGgufHeader(source, "sparse.gguf");
  ASSERT_FALSE(h.ok());
  EXPECT_EQ(h.status().message(),
            "sparse.gguf: 0 tensors and 10000000 key-values cannot fit in the 64 MiB that the "
            "key-values and tensor infos may take");
  EXPECT_LE(source.reads, 2u);
}

TEST(Gguf, HostileFilesGetClearErrors) {
  const std::vector<Hostile> cases = {
      {"bad_magic", "GGML" + std::string(20, '\0'), "not a GGUF file"},
      {"version_1", Gguf(0, 0, "", 1), "GGUF version 1 is not supported"},
      {"tensor_count_2_63", Gguf(uint64_t{1} << 63, 0, ""), "cannot fit"},
      {"kv_count_huge", Gguf(0, uint64_t{1} << 40, ""), "cannot fit"},
      {"string_length_2_63", Gguf(0, 1, Le(uint64_t{1} << 63, 8) + std::string(16, 'x')),
       "string length 9223372036854775808 exceeds"},
      {"unknown_value_type", Gguf(0, 1, Str("k") + Le(99, 4) + std::string(16, '\0')),
       "unknown GGUF value type 99"},
      {"array_too_long", Gguf(0, 1, Str("k") + Le(9, 4) + Le(4, 4) + Le(uint64_t{1} << 62, 8)),
       "truncated GGUF header: array"},
      {"five_dims", Gguf(1, 0, Tensor("t", {1, 1, 1, 1, 1}, 0)), "has 5 dimensions"},
      {"shape_overflow", Gguf(1, 0, Tensor("t", {uint64_t{1} << 32, uint64_t{1} << 32}, 0)),
       "more than 1e15 elements (overflow)"},
      {"truncated_tensor", Gguf(1, 0, Str("t") + Le(2, 4) + Le(4, 8) + std::string(12, '\0')),
       "truncated GGUF header"},
  };
  for (const Hostile& c : cases) {
    SCOPED_TRACE(c.name);
    const MemoryByteSource source(c.bytes);
    Result<CheckpointHeader> h = ReadGgufHeader(source, "x.gguf");
    ASSERT_FALSE(h.ok());
    EXPECT_NE(h.status().message().find(c.expected), std::string::npos) << h.status().message();
  }
}

}  // namespace
}  // namespace trainflops
