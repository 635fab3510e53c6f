// Internal: what the multimodal wrappers share (hf_multimodal.cc,
// hf_mllama.cc): the language model of text_config and the parts a text
// token does not use.
#ifndef TRAINFLOPS_SRC_LLM_MULTIMODAL_H_
#define TRAINFLOPS_SRC_LLM_MULTIMODAL_H_

#include <string>

#include "hf_fields.h"

namespace trainflops::llm {

// A part a text token does not use (a vision encoder, a projector): stored
// parameters, none active, no per-token FLOP; listed in HfModel::parts.
void AddImagePart(HfModel& out, const std::string& name, const std::string& type, double count,
                  double params, const std::string& how);

// The note every wrapper's report carries: which parameters a text token
// uses, and what the image parts add.
void NoteImageParts(HfModel& out);

// The language model of text_config, completed with the defaults of its
// configuration class (by its model_type, else `fallback_type`) and counted
// by that family's rule; listed in HfModel::parts.
Status BuildTextConfig(HfFields& f, const std::string& fallback_type, HfModel& out);
// The language model of `text` (a completed text_config, or the top-level
// fields) counted as model_type `text_type`; listed in HfModel::parts.
Status BuildLanguageModel(HfFields& text, const std::string& text_type, HfModel& out);

// (image_size // patch_size)^2 patches.
double Patches(double image, double patch);

// Llama 4's vision encoder and projector (vision_config), added as image
// parts after its language model (hf_moe.cc) is built.
Status AddLlama4Vision(HfFields& f, HfModel& out);

// Llama 3.2 Vision (hf_mllama.cc): the wrapper, and its language model.
Status BuildMllama(HfFields& f, HfModel& out);
Status BuildMllamaText(HfFields& f, HfModel& out);

// Mistral Small 3.1 (hf_mistral3.cc): the language model, the Pixtral vision
// encoder and the projector.
Status BuildMistral3(HfFields& f, HfModel& out);

// Qwen3-VL and Qwen3-VL-MoE (hf_qwen3_vl.cc): the language model, the vision
// encoder and its mergers.
Status BuildQwen3Vl(HfFields& f, HfModel& out);

}  // namespace trainflops::llm

#endif  // TRAINFLOPS_SRC_LLM_MULTIMODAL_H_
